-- Rewards. Amounts are INTEGER units of their asset at its ledger scale; days are UTC day numbers (ms / 86400000).

-- Operator settings (check-in reward, rebate shares), one JSON value per key.
CREATE TABLE rewards_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- What operators put into the reward pool and what rewards took out, per asset (the pool's balance is the ledger's).
CREATE TABLE rewards_pool (
  asset TEXT PRIMARY KEY,
  funded INTEGER NOT NULL DEFAULT 0 CHECK (funded >= 0),
  paid INTEGER NOT NULL DEFAULT 0 CHECK (paid >= 0)
);

-- One check-in per user and UTC day; `streak` counts consecutive days ending with this one.
CREATE TABLE rewards_checkins (
  uid INTEGER NOT NULL,
  day INTEGER NOT NULL,
  streak INTEGER NOT NULL CHECK (streak >= 1),
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  at INTEGER NOT NULL,
  PRIMARY KEY (uid, day)
);

CREATE TABLE rewards_boxes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  price_asset TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),
  -- JSON: [{ asset, amount (units, as a string), oddsPpm }] in table order; odds add up to 1,000,000.
  prizes TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
  opened INTEGER NOT NULL DEFAULT 0,
  revenue INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- A box's prize budget per asset, and what its draws paid (kept in the draws' transactions).
CREATE TABLE rewards_box_budgets (
  box_id INTEGER NOT NULL REFERENCES rewards_boxes(id),
  asset TEXT NOT NULL,
  budget INTEGER NOT NULL CHECK (budget >= 0),
  paid INTEGER NOT NULL DEFAULT 0 CHECK (paid >= 0 AND paid <= budget),
  PRIMARY KEY (box_id, asset)
);

-- Seed pairs: one active (unrevealed) per user; `next_nonce` is the nonce of its next draw.
CREATE TABLE rewards_seeds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  server_seed TEXT NOT NULL,
  hash TEXT NOT NULL,
  client_seed TEXT NOT NULL,
  next_nonce INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  revealed_at INTEGER
);
CREATE UNIQUE INDEX rewards_seeds_active ON rewards_seeds(uid) WHERE revealed_at IS NULL;

CREATE TABLE rewards_draws (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  box_id INTEGER NOT NULL REFERENCES rewards_boxes(id),
  seed_id INTEGER NOT NULL REFERENCES rewards_seeds(id),
  nonce INTEGER NOT NULL,
  roll INTEGER NOT NULL,
  prize_index INTEGER NOT NULL,
  -- The prize table entry as drawn (the table may change later).
  prize_asset TEXT NOT NULL,
  prize_amount INTEGER NOT NULL CHECK (prize_amount >= 0),
  prize_odds INTEGER NOT NULL,
  price_asset TEXT NOT NULL,
  price INTEGER NOT NULL,
  at INTEGER NOT NULL,
  UNIQUE (seed_id, nonce)
);
CREATE INDEX rewards_draws_user ON rewards_draws(uid, id);
CREATE INDEX rewards_draws_at ON rewards_draws(at);

-- Rebates: one row per fee charged to an invitee and beneficiary (levels 1 and 2); amount 0 when the share is 0.
CREATE TABLE rewards_rebates (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  from_uid INTEGER NOT NULL,
  level INTEGER NOT NULL CHECK (level IN (1, 2)),
  product TEXT NOT NULL,
  asset TEXT NOT NULL,
  fee INTEGER NOT NULL CHECK (fee > 0),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  reference TEXT NOT NULL UNIQUE,
  day INTEGER NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rewards_rebates_user ON rewards_rebates(uid, day);
CREATE INDEX rewards_rebates_from ON rewards_rebates(uid, from_uid);
