-- Operators' proposals to switch a user's two-factor off (a lost phone): one operator proposes with a reason, a
-- different one approves (two-factor goes off) or rejects. At most one open proposal per user.
CREATE TABLE two_factor_resets (
  id INTEGER PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users(uid),
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  proposed_by INTEGER NOT NULL,
  proposed_at INTEGER NOT NULL,
  decided_by INTEGER,
  decided_at INTEGER,
  note TEXT
);
CREATE UNIQUE INDEX two_factor_resets_open ON two_factor_resets (uid) WHERE status = 'pending';
CREATE INDEX two_factor_resets_status ON two_factor_resets (status, id);
