-- Mining machines: the models on sale, the machines users hold, each machine's days, the payout pool's budgets.
-- Amounts are INTEGER at the asset's ledger scale.
CREATE TABLE mining_machines (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- {"en": …, "zh_CN": …}: English required, the others fall back to it.
  names TEXT NOT NULL,
  hashrate TEXT NOT NULL DEFAULT '',
  price_asset TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),
  term_days INTEGER NOT NULL CHECK (term_days > 0),
  output_asset TEXT NOT NULL,
  daily_output INTEGER NOT NULL CHECK (daily_output > 0),
  fuel_asset TEXT NOT NULL,
  daily_fuel INTEGER NOT NULL CHECK (daily_fuel >= 0),
  per_user_limit INTEGER NOT NULL CHECK (per_user_limit > 0),
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  sold INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
  status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
  sort INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- A machine a user bought: the model's terms as they were at the purchase.
CREATE TABLE mining_miners (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  machine_id INTEGER NOT NULL REFERENCES mining_machines(id),
  price_asset TEXT NOT NULL,
  price INTEGER NOT NULL,
  term_days INTEGER NOT NULL,
  output_asset TEXT NOT NULL,
  daily_output INTEGER NOT NULL,
  fuel_asset TEXT NOT NULL,
  daily_fuel INTEGER NOT NULL,
  bought_at INTEGER NOT NULL,
  -- 00:00 UTC after the purchase; the term ends term_days later.
  start_at INTEGER NOT NULL,
  end_at INTEGER NOT NULL,
  -- The last 00:00 UTC this machine was settled at (0: none yet): each boundary is settled once.
  settled_through INTEGER NOT NULL DEFAULT 0,
  days_done INTEGER NOT NULL DEFAULT 0,
  days_produced INTEGER NOT NULL DEFAULT 0,
  days_missed INTEGER NOT NULL DEFAULT 0,
  -- The last day (1-based) whose fuel was burnt: a day produces only if it was fuelled.
  fueled_through INTEGER NOT NULL DEFAULT 0,
  -- What the fuel tank holds (the ledger hold mining:fuel:<id>) and what was ever put in it.
  fuel INTEGER NOT NULL DEFAULT 0 CHECK (fuel >= 0),
  fuel_added INTEGER NOT NULL DEFAULT 0,
  produced INTEGER NOT NULL DEFAULT 0,
  collected INTEGER NOT NULL DEFAULT 0 CHECK (collected <= produced),
  status TEXT NOT NULL CHECK (status IN ('not_started', 'running', 'ended', 'collected'))
);
CREATE INDEX mining_miners_user ON mining_miners(uid, id);
CREATE INDEX mining_miners_live ON mining_miners(status, start_at) WHERE status IN ('not_started', 'running');
CREATE INDEX mining_miners_machine ON mining_miners(machine_id, status);

-- Each day of a machine's term once it is over: produced, or nothing for want of fuel.
CREATE TABLE mining_days (
  miner_id INTEGER NOT NULL REFERENCES mining_miners(id),
  day INTEGER NOT NULL,
  at INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('produced', 'no_fuel')),
  output INTEGER NOT NULL,
  fuel INTEGER NOT NULL,
  PRIMARY KEY (miner_id, day)
) WITHOUT ROWID;

-- Budget moved from the treasury into the payout pool by an operator (or the first start).
CREATE TABLE mining_budgets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  operator_id INTEGER,
  created_at INTEGER NOT NULL
);
