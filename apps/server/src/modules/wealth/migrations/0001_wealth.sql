-- Wealth products: flexible and fixed-term. Money columns are INTEGER units at the asset's ledger scale; rates are
-- parts per million (0.055 = 55000).
CREATE TABLE wealth_products (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  asset TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('flexible', 'fixed')),
  term_days INTEGER CHECK ((kind = 'flexible' AND term_days IS NULL) OR (kind = 'fixed' AND term_days >= 1)),
  apr_ppm INTEGER NOT NULL CHECK (apr_ppm >= 0 AND apr_ppm <= 100000000),
  min_amount INTEGER NOT NULL CHECK (min_amount > 0),
  max_per_user INTEGER CHECK (max_per_user IS NULL OR max_per_user > 0),
  quota INTEGER CHECK (quota IS NULL OR quota > 0),
  interest_budget INTEGER CHECK (interest_budget IS NULL OR interest_budget >= 0),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  sort INTEGER NOT NULL DEFAULT 0,
  -- Kept in the same transactions as the positions they sum: principal of open positions, returns paid and kept.
  subscribed INTEGER NOT NULL DEFAULT 0 CHECK (subscribed >= 0),
  interest_paid INTEGER NOT NULL DEFAULT 0 CHECK (interest_paid >= 0),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- One subscription: its principal is a ledger hold `wealth:<id>` on the user's spot account while open.
CREATE TABLE wealth_positions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id INTEGER NOT NULL REFERENCES wealth_products(id),
  uid INTEGER NOT NULL,
  asset TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('flexible', 'fixed')),
  term_days INTEGER,
  -- Fixed: the rate locked at subscription. Flexible: the rate at subscription (days pay the product's rate).
  apr_ppm INTEGER NOT NULL,
  subscribed INTEGER NOT NULL CHECK (subscribed > 0),
  principal INTEGER NOT NULL CHECK (principal >= 0),
  interest_paid INTEGER NOT NULL DEFAULT 0 CHECK (interest_paid >= 0),
  forfeited INTEGER NOT NULL DEFAULT 0 CHECK (forfeited >= 0),
  returned INTEGER NOT NULL DEFAULT 0 CHECK (returned >= 0),
  -- The remainder of the daily division carried to the next day (< 365 × 10^6).
  carry INTEGER NOT NULL DEFAULT 0,
  accrual_start INTEGER NOT NULL,
  maturity_at INTEGER,
  -- Start of the newest accrual day paid (accrual_start − 1 day before the first).
  paid_through INTEGER NOT NULL,
  last_return INTEGER,
  state TEXT NOT NULL DEFAULT 'not_yet' CHECK (state IN ('not_yet', 'earned', 'early', 'revoked')),
  request_id TEXT,
  created_at INTEGER NOT NULL,
  closed_at INTEGER,
  CHECK ((state = 'not_yet') = (closed_at IS NULL))
);
CREATE INDEX wealth_positions_open ON wealth_positions(state, product_id);
CREATE INDEX wealth_positions_user ON wealth_positions(uid, id);
CREATE INDEX wealth_positions_product ON wealth_positions(product_id, id);

-- One day's return of one position, paid once (the key) from interest_expense.
CREATE TABLE wealth_returns (
  position_id INTEGER NOT NULL REFERENCES wealth_positions(id),
  day INTEGER NOT NULL,
  uid INTEGER NOT NULL,
  asset TEXT NOT NULL,
  principal INTEGER NOT NULL,
  apr_ppm INTEGER NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  state TEXT NOT NULL DEFAULT 'earned' CHECK (state IN ('earned', 'revoked')),
  paid_at INTEGER NOT NULL,
  PRIMARY KEY (position_id, day)
) WITHOUT ROWID;
CREATE INDEX wealth_returns_user ON wealth_returns(uid, day);

-- Principal leaving a position: by the user, at maturity, early, or revoked by an operator.
CREATE TABLE wealth_redemptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  position_id INTEGER NOT NULL REFERENCES wealth_positions(id),
  uid INTEGER NOT NULL,
  asset TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('redeem', 'maturity', 'early', 'revoke')),
  principal INTEGER NOT NULL CHECK (principal > 0),
  forfeited INTEGER NOT NULL DEFAULT 0 CHECK (forfeited >= 0),
  returned INTEGER NOT NULL CHECK (returned >= 0),
  reason TEXT,
  operator_id INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX wealth_redemptions_user ON wealth_redemptions(uid, id);
CREATE INDEX wealth_redemptions_position ON wealth_redemptions(position_id);
