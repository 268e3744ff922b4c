-- An operator may freeze an account: it can sign in and see, but moves no money.
ALTER TABLE users ADD COLUMN frozen_at INTEGER;
ALTER TABLE users ADD COLUMN frozen_reason TEXT;
