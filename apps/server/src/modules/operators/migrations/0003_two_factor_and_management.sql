-- Two-factor for every operator (set up at the first sign-in), idle expiry of sessions, and what operator
-- management needs (last sign-in).
ALTER TABLE operators ADD COLUMN totp_secret_sealed TEXT;
ALTER TABLE operators ADD COLUMN totp_enabled_at INTEGER;
ALTER TABLE operators ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE operators ADD COLUMN last_login_at INTEGER;

-- A session opened by the password alone may only set up two-factor ('setup'); the code makes it whole ('full').
ALTER TABLE operator_sessions ADD COLUMN stage TEXT NOT NULL DEFAULT 'full' CHECK (stage IN ('setup', 'full'));
-- Nobody had two-factor before this version: every open session must set it up first.
UPDATE operator_sessions SET stage = 'setup';
