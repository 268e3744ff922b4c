-- Membership. Amounts are INTEGER units at the asset's ledger scale; discounts are ppm of the fee or price
-- (1,000,000 = 100%); times are ms since the epoch.

-- Operator settings (hold asset, base withdrawal limit), one JSON value per key.
CREATE TABLE membership_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- The levels, 1 upwards; level 0 (a regular account) has the base benefits and no row.
CREATE TABLE membership_levels (
  level INTEGER PRIMARY KEY CHECK (level >= 1),
  name TEXT NOT NULL,
  hold_amount INTEGER NOT NULL CHECK (hold_amount >= 0),
  -- USDT units for `days` days; 0: not for sale.
  price INTEGER NOT NULL CHECK (price >= 0),
  days INTEGER NOT NULL CHECK (days >= 1),
  spot_ppm INTEGER NOT NULL CHECK (spot_ppm BETWEEN 0 AND 1000000),
  futures_ppm INTEGER NOT NULL CHECK (futures_ppm BETWEEN 0 AND 1000000),
  box_ppm INTEGER NOT NULL CHECK (box_ppm BETWEEN 0 AND 1000000),
  -- USDT units per 24 hours; NULL: no limit.
  withdraw_limit INTEGER CHECK (withdraw_limit IS NULL OR withdraw_limit >= 0)
);

-- Each user the membership knows: the level by holdings (as the scheduler last counted) and the bought one.
CREATE TABLE membership_members (
  uid INTEGER PRIMARY KEY,
  held_level INTEGER NOT NULL DEFAULT 0,
  holdings INTEGER NOT NULL DEFAULT 0,
  evaluated_at INTEGER,
  bought_level INTEGER NOT NULL DEFAULT 0,
  bought_until INTEGER
);

CREATE TABLE membership_purchases (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  level INTEGER NOT NULL,
  asset TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),
  from_at INTEGER NOT NULL,
  until_at INTEGER NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX membership_purchases_uid ON membership_purchases (uid, id);

-- Every benefit actually given: a fee discount on a fill, a box discount on a purchase.
CREATE TABLE membership_benefits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('spot_fee', 'futures_fee', 'box')),
  level INTEGER NOT NULL,
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  reference TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX membership_benefits_uid ON membership_benefits (uid, id);
