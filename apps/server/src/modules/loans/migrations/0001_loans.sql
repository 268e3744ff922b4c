-- Crypto loans: the coins that can be borrowed, the coins accepted as collateral, the loans, their history, their
-- liquidations, and the budgets moved into the loan book. Amounts are INTEGER at the asset's ledger scale; rates
-- (APR, LTVs) INTEGER at 10^-12 (1000000000000 = 100 %).
CREATE TABLE loans_assets (
  asset TEXT PRIMARY KEY,
  apr INTEGER NOT NULL CHECK (apr >= 0),
  min_amount INTEGER NOT NULL CHECK (min_amount > 0),
  max_amount INTEGER NOT NULL CHECK (max_amount >= min_amount),
  status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
  updated_at INTEGER NOT NULL
);

CREATE TABLE loans_collateral (
  asset TEXT PRIMARY KEY,
  initial_ltv INTEGER NOT NULL,
  margin_call_ltv INTEGER NOT NULL,
  liquidation_ltv INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
  updated_at INTEGER NOT NULL,
  CHECK (0 < initial_ltv AND initial_ltv < margin_call_ltv AND margin_call_ltv < liquidation_ltv
    AND liquidation_ltv < 1000000000000)
);

CREATE TABLE loans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  loan_asset TEXT NOT NULL,
  collateral_asset TEXT NOT NULL,
  apr INTEGER NOT NULL,
  borrowed INTEGER NOT NULL CHECK (borrowed > 0),
  principal INTEGER NOT NULL CHECK (principal >= 0),
  -- Accrued interest: whole units and the remainder in 1/(10^12 × 525600) of a unit (below one unit).
  interest_units INTEGER NOT NULL DEFAULT 0 CHECK (interest_units >= 0),
  interest_rem INTEGER NOT NULL DEFAULT 0 CHECK (interest_rem >= 0),
  interest_paid INTEGER NOT NULL DEFAULT 0,
  repaid INTEGER NOT NULL DEFAULT 0,
  collateral INTEGER NOT NULL CHECK (collateral >= 0),
  -- Every minute up to this instant has been charged.
  accrued_through INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'liquidating', 'liquidated', 'repaid')),
  margin_call_at INTEGER,
  created_at INTEGER NOT NULL,
  closed_at INTEGER
);
CREATE INDEX loans_user ON loans(uid, id);
CREATE INDEX loans_live ON loans(status) WHERE status IN ('open', 'liquidating');

CREATE TABLE loans_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  loan_id INTEGER NOT NULL REFERENCES loans(id),
  kind TEXT NOT NULL CHECK (kind IN ('borrow', 'repay', 'collateral', 'margin_call', 'margin_call_cleared',
    'liquidation')),
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL,
  interest INTEGER NOT NULL DEFAULT 0,
  ltv INTEGER,
  at INTEGER NOT NULL
);
CREATE INDEX loans_events_loan ON loans_events(loan_id, id);

-- One per liquidation: its phase (selling → done) and how the money went.
CREATE TABLE loans_liquidations (
  loan_id INTEGER PRIMARY KEY REFERENCES loans(id),
  phase TEXT NOT NULL CHECK (phase IN ('pending', 'selling', 'done')),
  trigger_price INTEGER NOT NULL,
  floor_price INTEGER NOT NULL,
  principal INTEGER NOT NULL,
  interest INTEGER NOT NULL,
  offered INTEGER NOT NULL DEFAULT 0,
  sold_on_book INTEGER NOT NULL DEFAULT 0,
  book_proceeds INTEGER NOT NULL DEFAULT 0,
  sold_to_fund INTEGER NOT NULL DEFAULT 0,
  fund_paid INTEGER NOT NULL DEFAULT 0,
  fund TEXT,
  debt_repaid INTEGER NOT NULL DEFAULT 0,
  bad_debt INTEGER NOT NULL DEFAULT 0,
  returned_collateral INTEGER NOT NULL DEFAULT 0,
  returned_proceeds INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL,
  finished_at INTEGER
);

CREATE TABLE loans_budgets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  target TEXT NOT NULL CHECK (target IN ('loan_book', 'insurance_fund')),
  operator_id INTEGER,
  created_at INTEGER NOT NULL
);
