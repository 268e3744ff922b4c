-- Accounts: users, their login sessions, one-time verification codes.

CREATE TABLE users (
  uid INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT UNIQUE,
  phone TEXT UNIQUE,
  password_hash TEXT NOT NULL,
  invite_code TEXT NOT NULL UNIQUE,
  inviter_uid INTEGER REFERENCES users(uid),
  nickname TEXT UNIQUE,
  avatar TEXT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  fund_password_hash TEXT,
  fund_password_failures INTEGER NOT NULL DEFAULT 0,
  fund_password_locked_until INTEGER,
  password_changed_at INTEGER,
  register_form TEXT NOT NULL DEFAULT 'invite' CHECK (register_form IN ('invite', 'open', 'system')),
  created_at INTEGER NOT NULL,
  CHECK (email IS NOT NULL OR phone IS NOT NULL)
);
-- uids start at 10000001: eight digits, like the uids traders know from the large exchanges.
INSERT INTO sqlite_sequence (name, seq) VALUES ('users', 10000000);
CREATE INDEX users_inviter ON users(inviter_uid);

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users(uid),
  token_hash BLOB NOT NULL UNIQUE,
  device TEXT,
  user_agent TEXT,
  ip TEXT,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  revoke_reason TEXT
);
CREATE INDEX sessions_uid ON sessions(uid, revoked_at);

CREATE TABLE verification_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  target TEXT NOT NULL,
  scene TEXT NOT NULL,
  code_hash BLOB NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER
);
CREATE INDEX verification_codes_target ON verification_codes(target, scene, created_at);
