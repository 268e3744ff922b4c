-- Up/down options (modules/options/README.md). Amounts are INTEGER units of the settlement asset's ledger scale,
-- prices INTEGER units of the pair's price scale, rates parts per million, times ms since the epoch (UTC).

-- The pairs: a spot market's index, the decimals its series is recorded at, market hours.
CREATE TABLE option_pairs (
  symbol TEXT PRIMARY KEY,
  base TEXT NOT NULL,
  quote TEXT NOT NULL,
  price_scale INTEGER NOT NULL CHECK (price_scale BETWEEN 0 AND 8),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  sort INTEGER NOT NULL DEFAULT 0,
  -- Market hours, UTC: weekdays (bit d = weekday d, 0 = Sunday), from open_minute until close_minute of the day.
  days INTEGER NOT NULL DEFAULT 127 CHECK (days BETWEEN 0 AND 127),
  open_minute INTEGER NOT NULL DEFAULT 0 CHECK (open_minute BETWEEN 0 AND 1439),
  close_minute INTEGER NOT NULL DEFAULT 1440 CHECK (close_minute BETWEEN 1 AND 1440 AND close_minute > open_minute),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- The periods (round lengths) and their terms, the same for every pair.
CREATE TABLE option_periods (
  seconds INTEGER PRIMARY KEY CHECK (seconds BETWEEN 10 AND 86400),
  payout_ppm INTEGER NOT NULL CHECK (payout_ppm BETWEEN 0 AND 100000000),
  fee_ppm INTEGER NOT NULL DEFAULT 0 CHECK (fee_ppm BETWEEN 0 AND 1000000),
  min_stake INTEGER NOT NULL CHECK (min_stake > 0),
  max_stake INTEGER NOT NULL CHECK (max_stake >= min_stake),
  round_cap INTEGER NOT NULL CHECK (round_cap > 0),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  updated_at INTEGER NOT NULL
);

-- The public 1-second index series: the index of each pair at each second, when it was taken and from where.
CREATE TABLE option_index (
  symbol TEXT NOT NULL,
  at INTEGER NOT NULL CHECK (at % 1000 = 0),
  price INTEGER NOT NULL CHECK (price > 0),
  index_at INTEGER NOT NULL,
  source TEXT NOT NULL,
  PRIMARY KEY (symbol, at)
) WITHOUT ROWID;

-- Rounds, numbered by period: round n of a period of p seconds opens at n × p s and closes at (n + 1) × p s.
CREATE TABLE option_rounds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  symbol TEXT NOT NULL,
  period INTEGER NOT NULL,
  number INTEGER NOT NULL,
  open_at INTEGER NOT NULL,
  close_at INTEGER NOT NULL CHECK (close_at > open_at),
  state TEXT NOT NULL CHECK (state IN ('pending', 'open', 'settled', 'void')),
  price_scale INTEGER NOT NULL,
  open_price INTEGER,
  open_index_at INTEGER,
  close_price INTEGER,
  close_index_at INTEGER,
  source TEXT,
  outcome TEXT CHECK (outcome IN ('up', 'down', 'flat')),
  void_reason TEXT CHECK (void_reason IN ('no_open_price', 'no_close_price')),
  bets INTEGER NOT NULL DEFAULT 0,
  up_stake INTEGER NOT NULL DEFAULT 0,
  down_stake INTEGER NOT NULL DEFAULT 0,
  fees INTEGER NOT NULL DEFAULT 0,
  payout INTEGER NOT NULL DEFAULT 0,
  pool_result INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  UNIQUE (symbol, period, number),
  CHECK (state <> 'open' OR open_price IS NOT NULL),
  CHECK (state <> 'settled' OR (open_price IS NOT NULL AND close_price IS NOT NULL AND outcome IS NOT NULL)),
  CHECK (state <> 'void' OR void_reason IS NOT NULL)
);
-- What the rounds job works through: rounds not finished, by close and by open.
CREATE INDEX option_rounds_unfinished_close ON option_rounds(close_at) WHERE state IN ('pending', 'open');
CREATE INDEX option_rounds_pending_open ON option_rounds(open_at) WHERE state = 'pending';
-- A pair's history per period, the verification range, the house result and the rounds browser.
CREATE INDEX option_rounds_history ON option_rounds(symbol, period, open_at);
CREATE INDEX option_rounds_settled ON option_rounds(settled_at) WHERE bets > 0;

-- Bets: one per user per round; the stake and fee are held from the options wallet (hold `options:bet:<id>`).
CREATE TABLE option_bets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  round_id INTEGER NOT NULL REFERENCES option_rounds(id),
  uid INTEGER NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('up', 'down')),
  stake INTEGER NOT NULL CHECK (stake > 0),
  fee INTEGER NOT NULL CHECK (fee >= 0),
  payout_ppm INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'win', 'loss', 'draw', 'void')),
  payout INTEGER,
  request_id TEXT,
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  UNIQUE (round_id, uid),
  CHECK ((state = 'open') = (payout IS NULL))
);
CREATE INDEX option_bets_user ON option_bets(uid, id);
CREATE INDEX option_bets_user_open ON option_bets(uid) WHERE state = 'open';
