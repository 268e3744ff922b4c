-- Copy trading. Money is INTEGER USDT units (8 decimals); ratios are parts per million.

-- Operator settings (the compensate-mode escrow threshold), one value per key.
CREATE TABLE copy_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Applications to lead, reviewed by an operator; `history` is the applicant's 90-day futures record (JSON).
CREATE TABLE copy_applications (
  id INTEGER PRIMARY KEY,
  uid INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reason TEXT,
  history TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  reviewed_at INTEGER,
  reviewer INTEGER
);
CREATE INDEX copy_applications_uid ON copy_applications (uid, id);
CREATE INDEX copy_applications_status ON copy_applications (status, id);

-- Approved leaders and their configuration. The escrow is the ledger's sub-account `copy:escrow` of the leader's
-- contract wallet (no column: the ledger holds the balance).
CREATE TABLE copy_leaders (
  uid INTEGER PRIMARY KEY,
  mode TEXT NOT NULL CHECK (mode IN ('ordinary', 'compensate')),
  profit_share_ppm INTEGER NOT NULL CHECK (profit_share_ppm BETWEEN 0 AND 300000),
  min_copy INTEGER NOT NULL CHECK (min_copy >= 0),
  compensation_ppm INTEGER NOT NULL CHECK (compensation_ppm BETWEEN 0 AND 1000000),
  per_trade_cap INTEGER NOT NULL CHECK (per_trade_cap >= 0),
  total_cap INTEGER NOT NULL CHECK (total_cap >= 0),
  symbols TEXT NOT NULL,
  demo INTEGER NOT NULL DEFAULT 0,
  since INTEGER NOT NULL
);

-- A follower copying a leader. `realized` is the copies' net realised PnL (after fees); `settled_realized` what
-- the last settlement counted; `share_paid` the profit share paid (the high-water mark's side of the formula).
CREATE TABLE copy_follows (
  id INTEGER PRIMARY KEY,
  leader_uid INTEGER NOT NULL,
  follower_uid INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('following', 'stopped')),
  mode TEXT NOT NULL CHECK (mode IN ('fixed', 'ratio')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  ratio_ppm INTEGER NOT NULL CHECK (ratio_ppm >= 0),
  realized INTEGER NOT NULL DEFAULT 0,
  settled_realized INTEGER NOT NULL DEFAULT 0,
  share_paid INTEGER NOT NULL DEFAULT 0 CHECK (share_paid >= 0),
  compensation INTEGER NOT NULL DEFAULT 0 CHECK (compensation >= 0),
  high_water INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  stopped_at INTEGER
);
CREATE UNIQUE INDEX copy_follows_active ON copy_follows (leader_uid, follower_uid) WHERE status = 'following';
CREATE INDEX copy_follows_follower ON copy_follows (follower_uid, id);
CREATE INDEX copy_follows_leader ON copy_follows (leader_uid, status);

-- The lots a relationship's copies hold per pair (one side at a time), with their margin.
CREATE TABLE copy_positions (
  follow_id INTEGER NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  lots INTEGER NOT NULL CHECK (lots >= 0),
  margin INTEGER NOT NULL CHECK (margin >= 0),
  PRIMARY KEY (follow_id, symbol)
);

-- The leader's position per pair as the copies last saw it (closes are proportional to it).
CREATE TABLE copy_leader_positions (
  leader_uid INTEGER NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  lots INTEGER NOT NULL CHECK (lots >= 0),
  PRIMARY KEY (leader_uid, symbol)
);

-- Every copied open, close, skip with its reason, flag, and settlement line.
CREATE TABLE copy_records (
  id INTEGER PRIMARY KEY,
  follow_id INTEGER NOT NULL,
  leader_uid INTEGER NOT NULL,
  follower_uid INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('open', 'close', 'skip', 'profit_share', 'compensation', 'flag')),
  symbol TEXT,
  side TEXT,
  leader_price TEXT,
  leader_lots INTEGER,
  lots INTEGER,
  price TEXT,
  amount INTEGER,
  reason TEXT,
  order_id INTEGER,
  ts INTEGER NOT NULL
);
CREATE INDEX copy_records_follow ON copy_records (follow_id, id);
CREATE INDEX copy_records_follower ON copy_records (follower_uid, id);
CREATE INDEX copy_records_leader ON copy_records (leader_uid, id);

-- Profit-share and compensation settlements: one per relationship and period (weekly slot or the unfollow).
CREATE TABLE copy_settlements (
  id INTEGER PRIMARY KEY,
  follow_id INTEGER NOT NULL,
  leader_uid INTEGER NOT NULL,
  follower_uid INTEGER NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('weekly', 'unfollow')),
  period TEXT NOT NULL,
  period_pnl INTEGER NOT NULL,
  profit_share INTEGER NOT NULL CHECK (profit_share >= 0),
  compensation INTEGER NOT NULL CHECK (compensation >= 0),
  high_water INTEGER NOT NULL,
  ts INTEGER NOT NULL,
  UNIQUE (follow_id, period)
);
