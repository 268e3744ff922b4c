-- Maker-checker for large withdrawals: above an amount the operators set (in USDT), a withdrawal needs the approval
-- of two different operators. Decided when it is submitted, so the queue shows it and a later price move does not
-- change what was asked.
ALTER TABLE wallet_withdrawals ADD COLUMN approvals_required INTEGER NOT NULL DEFAULT 1 CHECK (approvals_required IN (1, 2));
ALTER TABLE wallet_withdrawals ADD COLUMN first_reviewed_by INTEGER;
ALTER TABLE wallet_withdrawals ADD COLUMN first_reviewed_at INTEGER;

-- The wallet's operator settings (key → value as text).
CREATE TABLE wallet_settings (
  key TEXT PRIMARY KEY,
  value TEXT,
  updated_by INTEGER,
  updated_at INTEGER NOT NULL
);
