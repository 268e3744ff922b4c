-- When each user last switched two-factor off: withdrawals stay locked for 24 hours after it (the wallet asks the
-- security module), as after a login-password change. One row per user, replaced on each switch-off.
CREATE TABLE two_factor_disabled (
  uid INTEGER PRIMARY KEY REFERENCES users(uid),
  disabled_at INTEGER NOT NULL
);
