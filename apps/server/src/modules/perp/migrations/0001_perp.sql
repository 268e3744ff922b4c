-- Perpetual contracts (USDT-margined, linear): contracts (operator configuration), per-user settings, positions,
-- orders, trades and fills, closes, liquidations and ADL events, funding rates and payments, premium samples and
-- marks, candles. Prices are integers in units of 10^-price_precision quote; sizes are whole lots (a lot is lot_qty
-- units of 10^-size_precision base); money is in USDT ledger units (10^-8); rates are integers of 10^-12; fee rates
-- are parts per million.

CREATE TABLE perp_contracts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  symbol TEXT NOT NULL UNIQUE,
  base TEXT NOT NULL,
  quote TEXT NOT NULL REFERENCES assets(code),
  -- Fixed once the contract exists: every stored price and size is counted in these units.
  price_precision INTEGER NOT NULL CHECK (price_precision BETWEEN 0 AND 12),
  size_precision INTEGER NOT NULL CHECK (size_precision BETWEEN 0 AND 12),
  lot_qty INTEGER NOT NULL CHECK (lot_qty > 0),
  tick INTEGER NOT NULL CHECK (tick > 0),
  min_lots INTEGER NOT NULL CHECK (min_lots >= 1),
  max_lots INTEGER NOT NULL CHECK (max_lots >= min_lots),
  maker_fee_ppm INTEGER NOT NULL,
  taker_fee_ppm INTEGER NOT NULL CHECK (taker_fee_ppm >= 0),
  liquidation_fee_ppm INTEGER NOT NULL CHECK (liquidation_fee_ppm >= 0),
  liquidation_buffer INTEGER NOT NULL CHECK (liquidation_buffer >= 0),
  whole_liquidation_below INTEGER NOT NULL CHECK (whole_liquidation_below >= 0),
  maintenance_basis TEXT NOT NULL CHECK (maintenance_basis IN ('entry', 'mark')),
  -- JSON: [{"below": "<amount units>", "mmr": "<rate units>", "maxLeverage": n}, …] ascending.
  tiers TEXT NOT NULL,
  funding_interval_ms INTEGER NOT NULL CHECK (funding_interval_ms >= 60000),
  interest_rate INTEGER NOT NULL,
  premium_clamp INTEGER NOT NULL,
  funding_cap INTEGER NOT NULL,
  -- Orders: a buy not above mark × (1 + band), a sell not below mark × (1 − band). Rate units.
  price_band INTEGER NOT NULL CHECK (price_band > 0),
  -- Most lots open on one side (0: no limit).
  oi_limit INTEGER NOT NULL DEFAULT 0 CHECK (oi_limit >= 0),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  hot INTEGER NOT NULL DEFAULT 0 CHECK (hot IN (0, 1)),
  sort INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Named system owners that trade contracts (market makers, the insurance fund). Engine owner number 2^52 + id.
CREATE TABLE perp_system_owners (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE
);

-- One account per owner (a user's uid, or 2^52 + system id): what the ledger cannot hold.
CREATE TABLE perp_accounts (
  owner INTEGER PRIMARY KEY,
  -- Cross realized losses the wallet could not pay (fronted by the clearing account).
  unpaid_loss INTEGER NOT NULL DEFAULT 0 CHECK (unpaid_loss >= 0),
  cross_in_liquidation INTEGER NOT NULL DEFAULT 0,
  cross_closes INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE perp_settings (
  owner INTEGER NOT NULL,
  contract_id INTEGER NOT NULL REFERENCES perp_contracts(id),
  leverage INTEGER NOT NULL CHECK (leverage >= 1),
  margin_mode TEXT NOT NULL CHECK (margin_mode IN ('cross', 'isolated')),
  PRIMARY KEY (owner, contract_id)
) WITHOUT ROWID;

CREATE TABLE perp_positions (
  id INTEGER PRIMARY KEY,
  owner INTEGER NOT NULL,
  contract_id INTEGER NOT NULL REFERENCES perp_contracts(id),
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  margin_mode TEXT NOT NULL CHECK (margin_mode IN ('cross', 'isolated')),
  leverage INTEGER NOT NULL,
  lots INTEGER NOT NULL CHECK (lots >= 0),
  -- Entry value of the open lots (the exact entry is cost / (lots × lot value)).
  cost INTEGER NOT NULL CHECK (cost >= 0),
  -- Isolated: the position's margin pot (= its ledger sub-account); cross: 0.
  margin INTEGER NOT NULL CHECK (margin >= 0),
  realized_pnl INTEGER NOT NULL DEFAULT 0,
  fees INTEGER NOT NULL DEFAULT 0,
  funding INTEGER NOT NULL DEFAULT 0,
  closed_lots INTEGER NOT NULL DEFAULT 0,
  closed_value INTEGER NOT NULL DEFAULT 0,
  opened_lots INTEGER NOT NULL DEFAULT 0,
  opened_value INTEGER NOT NULL DEFAULT 0,
  take_profit INTEGER,
  stop_loss INTEGER,
  in_liquidation INTEGER NOT NULL DEFAULT 0,
  liquidation_closes INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
  close_kind TEXT,
  opened_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  closed_at INTEGER
);
CREATE INDEX perp_positions_open ON perp_positions (contract_id) WHERE status = 'open';
CREATE INDEX perp_positions_owner ON perp_positions (owner, id);

CREATE TABLE perp_orders (
  id INTEGER PRIMARY KEY,
  owner INTEGER NOT NULL,
  contract_id INTEGER NOT NULL REFERENCES perp_contracts(id),
  client_order_id TEXT,
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  kind TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('limit', 'market')),
  tif TEXT NOT NULL,
  post_only INTEGER NOT NULL,
  reduce_only INTEGER NOT NULL,
  price INTEGER,
  lots INTEGER NOT NULL,
  filled_lots INTEGER NOT NULL DEFAULT 0,
  filled_value INTEGER NOT NULL DEFAULT 0,
  -- What the order holds now in the ledger (hold `perp:order:<id>`), and per lot when placed.
  frozen INTEGER NOT NULL DEFAULT 0,
  hold_per_lot INTEGER NOT NULL DEFAULT 0,
  fee INTEGER NOT NULL DEFAULT 0,
  realized_pnl INTEGER NOT NULL DEFAULT 0,
  opened_lots INTEGER NOT NULL DEFAULT 0,
  closed_lots INTEGER NOT NULL DEFAULT 0,
  leverage INTEGER NOT NULL,
  margin_mode TEXT NOT NULL,
  take_profit INTEGER,
  stop_loss INTEGER,
  status TEXT NOT NULL,
  reason TEXT,
  position_id INTEGER,
  close_kind TEXT,
  source TEXT,
  stp_key INTEGER NOT NULL,
  seq INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX perp_orders_resting ON perp_orders (contract_id, id) WHERE status IN ('entrusted', 'partial');
CREATE INDEX perp_orders_owner ON perp_orders (owner, id);
CREATE INDEX perp_orders_position ON perp_orders (position_id) WHERE position_id IS NOT NULL;

-- Every trade: a book fill, or a transfer at a bankruptcy price (takeover by the insurance fund, ADL).
CREATE TABLE perp_trades (
  id INTEGER PRIMARY KEY,
  contract_id INTEGER NOT NULL REFERENCES perp_contracts(id),
  kind TEXT NOT NULL,
  price INTEGER NOT NULL,
  lots INTEGER NOT NULL,
  value INTEGER NOT NULL,
  taker_side TEXT NOT NULL,
  maker_order_id INTEGER,
  taker_order_id INTEGER,
  maker_owner INTEGER NOT NULL,
  taker_owner INTEGER NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX perp_trades_contract ON perp_trades (contract_id, id);

-- One row per side of a trade that concerned a user (system owners' are in perp_trades).
CREATE TABLE perp_fills (
  id INTEGER PRIMARY KEY,
  trade_id INTEGER NOT NULL,
  owner INTEGER NOT NULL,
  contract_id INTEGER NOT NULL,
  order_id INTEGER,
  position_id INTEGER,
  side TEXT NOT NULL,
  price INTEGER NOT NULL,
  lots INTEGER NOT NULL,
  value INTEGER NOT NULL,
  fee INTEGER NOT NULL,
  realized_pnl INTEGER NOT NULL,
  role TEXT NOT NULL,
  kind TEXT NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX perp_fills_owner ON perp_fills (owner, id);
CREATE INDEX perp_fills_order ON perp_fills (order_id);
CREATE INDEX perp_fills_position ON perp_fills (position_id);

CREATE TABLE perp_closes (
  id INTEGER PRIMARY KEY,
  owner INTEGER NOT NULL,
  position_id INTEGER NOT NULL,
  order_id INTEGER,
  contract_id INTEGER NOT NULL,
  side TEXT NOT NULL,
  lots INTEGER NOT NULL,
  entry_value INTEGER NOT NULL,
  exit_value INTEGER NOT NULL,
  realized_pnl INTEGER NOT NULL,
  fee INTEGER NOT NULL,
  kind TEXT NOT NULL,
  final INTEGER NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX perp_closes_owner ON perp_closes (owner, id);
CREATE INDEX perp_closes_position ON perp_closes (position_id);

CREATE TABLE perp_liquidations (
  id INTEGER PRIMARY KEY,
  owner INTEGER NOT NULL,
  contract_id INTEGER,
  position_id INTEGER,
  pool TEXT NOT NULL,
  step INTEGER NOT NULL,
  action TEXT NOT NULL,
  side TEXT,
  lots INTEGER NOT NULL DEFAULT 0,
  mark INTEGER NOT NULL,
  bankruptcy_price TEXT,
  limit_price INTEGER,
  book_lots INTEGER NOT NULL DEFAULT 0,
  book_value INTEGER NOT NULL DEFAULT 0,
  fund_lots INTEGER NOT NULL DEFAULT 0,
  adl_lots INTEGER NOT NULL DEFAULT 0,
  fee INTEGER NOT NULL DEFAULT 0,
  equity INTEGER NOT NULL,
  maintenance INTEGER NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX perp_liquidations_owner ON perp_liquidations (owner, id);

CREATE TABLE perp_adl_events (
  id INTEGER PRIMARY KEY,
  liquidation_id INTEGER NOT NULL,
  owner INTEGER NOT NULL,
  contract_id INTEGER NOT NULL,
  position_id INTEGER NOT NULL,
  side TEXT NOT NULL,
  lots INTEGER NOT NULL,
  value INTEGER NOT NULL,
  realized_pnl INTEGER NOT NULL,
  ts INTEGER NOT NULL
);

-- One row per settled funding instant of a contract (unique: an instant settles once).
CREATE TABLE perp_funding_rates (
  contract_id INTEGER NOT NULL REFERENCES perp_contracts(id),
  time INTEGER NOT NULL,
  rate INTEGER NOT NULL,
  premium INTEGER NOT NULL,
  mark INTEGER NOT NULL,
  long_lots INTEGER NOT NULL,
  payers INTEGER NOT NULL,
  receivers INTEGER NOT NULL,
  paid INTEGER NOT NULL,
  received INTEGER NOT NULL,
  fund INTEGER NOT NULL,
  PRIMARY KEY (contract_id, time)
) WITHOUT ROWID;

CREATE TABLE perp_funding_payments (
  id INTEGER PRIMARY KEY,
  owner INTEGER NOT NULL,
  position_id INTEGER NOT NULL,
  contract_id INTEGER NOT NULL,
  side TEXT NOT NULL,
  lots INTEGER NOT NULL,
  mark INTEGER NOT NULL,
  rate INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  time INTEGER NOT NULL
);
CREATE INDEX perp_funding_payments_owner ON perp_funding_payments (owner, id);
CREATE INDEX perp_funding_payments_position ON perp_funding_payments (position_id);

-- Each minute: the premium sample (rate units) and the mark and index then (price units).
CREATE TABLE perp_samples (
  contract_id INTEGER NOT NULL,
  minute INTEGER NOT NULL,
  premium INTEGER,
  mark INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  PRIMARY KEY (contract_id, minute)
) WITHOUT ROWID;

CREATE TABLE perp_candles (
  contract_id INTEGER NOT NULL,
  period TEXT NOT NULL,
  t INTEGER NOT NULL,
  o INTEGER NOT NULL,
  h INTEGER NOT NULL,
  l INTEGER NOT NULL,
  c INTEGER NOT NULL,
  -- Lots traded, and their value (USDT ledger units).
  v INTEGER NOT NULL,
  qv INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (contract_id, period, t)
) WITHOUT ROWID;
