-- Nicknames are shown to other users (C2C, copy trading): "Alice" and "alice" must not be two people. (Earlier
-- versions created this index in the security module's first migration; the account module owns the table.)
CREATE UNIQUE INDEX IF NOT EXISTS users_nickname_nocase ON users(nickname COLLATE NOCASE);
