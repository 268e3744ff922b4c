-- C2C fiat trading (module c2c): payment methods, merchants and their deposits, ads, orders with their escrow and
-- transitions, order chat, appeals with evidence, cancellations counted for the merchant penalty, notifications.
-- Amounts are INTEGER: crypto in the asset's ledger units, fiat (prices and amounts) in cents.

-- Operator settings (one JSON document under a key).
CREATE TABLE c2c_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE c2c_payment_methods (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users(uid),
  type TEXT NOT NULL CHECK (type IN ('alipay', 'wechat', 'bank', 'paypal')),
  holder TEXT NOT NULL,
  account TEXT NOT NULL,
  -- The account as compared for "already exists": lower case, without spaces and dashes.
  account_key TEXT NOT NULL,
  bank_name TEXT,
  branch TEXT,
  qr_path TEXT,
  qr_mime TEXT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  created_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE INDEX c2c_payment_methods_uid ON c2c_payment_methods(uid, status);
-- One live payment account of a type across all users.
CREATE UNIQUE INDEX c2c_payment_methods_account ON c2c_payment_methods(type, account_key) WHERE status = 'active';

-- One row per user who ever applied. The deposit itself is the ledger hold `c2c-deposit:<uid>` in the fiat wallet.
CREATE TABLE c2c_merchants (
  uid INTEGER PRIMARY KEY REFERENCES users(uid),
  status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'rejected', 'resigning', 'resigned')),
  deposit_status TEXT NOT NULL CHECK (deposit_status IN ('processing', 'paid', 'returning', 'refunded')),
  deposit_asset TEXT NOT NULL,
  deposit_required INTEGER NOT NULL CHECK (deposit_required >= 0),
  deposit_forfeited INTEGER NOT NULL DEFAULT 0 CHECK (deposit_forfeited >= 0),
  -- A demo merchant on the exchange's capital, acted for by the bots job.
  bot INTEGER NOT NULL DEFAULT 0,
  applied_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by INTEGER,
  reject_reason TEXT,
  paid_at INTEGER,
  resigned_at INTEGER,
  refunded_at INTEGER
);
CREATE INDEX c2c_merchants_status ON c2c_merchants(status, applied_at);

CREATE TABLE c2c_deposit_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('pay', 'top_up', 'penalty', 'refund')),
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  order_id INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX c2c_deposit_events_uid ON c2c_deposit_events(uid, id);

CREATE TABLE c2c_ads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users(uid),
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  asset TEXT NOT NULL,
  fiat TEXT NOT NULL,
  price_type TEXT NOT NULL CHECK (price_type IN ('fixed', 'floating')),
  fixed_price INTEGER CHECK (fixed_price IS NULL OR fixed_price > 0),
  -- Percent of the reference price in hundredths (10150 = 101.50 %).
  float_ratio INTEGER CHECK (float_ratio IS NULL OR float_ratio > 0),
  total INTEGER NOT NULL CHECK (total > 0),
  -- Not taken by orders. A listed sell ad's hold `c2c-ad:<id>` holds exactly this.
  remaining INTEGER NOT NULL CHECK (remaining >= 0 AND remaining <= total),
  min_amount INTEGER NOT NULL CHECK (min_amount > 0),
  max_amount INTEGER NOT NULL CHECK (max_amount >= min_amount),
  -- JSON array of the owner's payment method ids.
  methods TEXT NOT NULL,
  pay_minutes INTEGER NOT NULL CHECK (pay_minutes > 0),
  terms TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('listed', 'withdrawn')),
  taken_down_reason TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX c2c_ads_offers ON c2c_ads(status, side, asset, fiat);
CREATE INDEX c2c_ads_uid ON c2c_ads(uid, id);

CREATE TABLE c2c_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ad_id INTEGER NOT NULL REFERENCES c2c_ads(id),
  maker_uid INTEGER NOT NULL,
  taker_uid INTEGER NOT NULL,
  buyer_uid INTEGER NOT NULL,
  seller_uid INTEGER NOT NULL CHECK (seller_uid <> buyer_uid),
  asset TEXT NOT NULL,
  fiat TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  amount INTEGER NOT NULL CHECK (amount > 0),
  state TEXT NOT NULL CHECK (state IN ('unpaid', 'paid', 'appeal', 'timed_out', 'completed', 'cancelled')),
  -- Every transition adds one; a change names the version it read (compare-and-set).
  version INTEGER NOT NULL DEFAULT 1,
  -- When the scheduler acts next (payment timer, release deadline, end of the appeal window); NULL: nothing due.
  deadline INTEGER,
  pay_by INTEGER,
  release_by INTEGER,
  appeal_until INTEGER,
  -- JSON: the seller's payment methods the buyer may pay to, as they were when the order was made.
  payment_methods TEXT NOT NULL,
  paid_method_id INTEGER,
  terms TEXT NOT NULL DEFAULT '',
  -- Where an open appeal came from (back there when it is withdrawn).
  appeal_from TEXT CHECK (appeal_from IS NULL OR appeal_from IN ('paid', 'timed_out')),
  cancel_kind TEXT CHECK (cancel_kind IS NULL OR cancel_kind IN ('buyer', 'timeout', 'operator')),
  created_at INTEGER NOT NULL,
  paid_at INTEGER,
  finished_at INTEGER,
  CHECK ((state IN ('completed', 'cancelled')) = (finished_at IS NOT NULL))
);
CREATE INDEX c2c_orders_due ON c2c_orders(deadline) WHERE deadline IS NOT NULL;
CREATE INDEX c2c_orders_buyer ON c2c_orders(buyer_uid, id);
CREATE INDEX c2c_orders_seller ON c2c_orders(seller_uid, id);
CREATE INDEX c2c_orders_state ON c2c_orders(state, id);
CREATE INDEX c2c_orders_ad ON c2c_orders(ad_id, state);
CREATE INDEX c2c_orders_finished ON c2c_orders(finished_at) WHERE finished_at IS NOT NULL;

-- Every transition of every order, append-only: (order, version) is unique, so no version happens twice.
CREATE TABLE c2c_order_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES c2c_orders(id),
  version INTEGER NOT NULL,
  action TEXT NOT NULL,
  from_state TEXT NOT NULL,
  to_state TEXT NOT NULL,
  actor TEXT NOT NULL CHECK (actor IN ('buyer', 'seller', 'system', 'operator')),
  actor_id INTEGER,
  note TEXT,
  at INTEGER NOT NULL
);
CREATE UNIQUE INDEX c2c_order_events_version ON c2c_order_events(order_id, version);
-- An order reaches a final state once.
CREATE UNIQUE INDEX c2c_order_events_final ON c2c_order_events(order_id) WHERE to_state IN ('completed', 'cancelled');
CREATE TRIGGER c2c_order_events_no_update BEFORE UPDATE ON c2c_order_events
BEGIN SELECT RAISE(ABORT, 'c2c_order_events is append-only'); END;
CREATE TRIGGER c2c_order_events_no_delete BEFORE DELETE ON c2c_order_events
BEGIN SELECT RAISE(ABORT, 'c2c_order_events is append-only'); END;

-- The order chat, kept unchanged as evidence: no update, no delete.
CREATE TABLE c2c_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES c2c_orders(id),
  author TEXT NOT NULL CHECK (author IN ('buyer', 'seller', 'system')),
  author_uid INTEGER,
  body TEXT NOT NULL,
  image_path TEXT,
  image_mime TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX c2c_messages_order ON c2c_messages(order_id, id);
CREATE TRIGGER c2c_messages_no_update BEFORE UPDATE ON c2c_messages
BEGIN SELECT RAISE(ABORT, 'c2c_messages is kept unchanged as evidence'); END;
CREATE TRIGGER c2c_messages_no_delete BEFORE DELETE ON c2c_messages
BEGIN SELECT RAISE(ABORT, 'c2c_messages is kept unchanged as evidence'); END;

CREATE TABLE c2c_appeals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES c2c_orders(id),
  opened_by TEXT NOT NULL CHECK (opened_by IN ('buyer', 'seller', 'system')),
  opened_uid INTEGER,
  reason TEXT NOT NULL,
  from_state TEXT NOT NULL CHECK (from_state IN ('paid', 'timed_out')),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'withdrawn', 'conceded', 'ruled')),
  ruling TEXT CHECK (ruling IS NULL OR ruling IN ('release', 'return')),
  reason_code TEXT,
  note TEXT,
  operator_id INTEGER,
  penalty INTEGER,
  created_at INTEGER NOT NULL,
  closed_at INTEGER
);
CREATE UNIQUE INDEX c2c_appeals_one_open ON c2c_appeals(order_id) WHERE status = 'open';
CREATE INDEX c2c_appeals_status ON c2c_appeals(status, id);

CREATE TABLE c2c_evidence (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  appeal_id INTEGER NOT NULL REFERENCES c2c_appeals(id),
  order_id INTEGER NOT NULL REFERENCES c2c_orders(id),
  by_role TEXT NOT NULL CHECK (by_role IN ('buyer', 'seller')),
  uid INTEGER NOT NULL,
  note TEXT,
  image_path TEXT NOT NULL,
  image_mime TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX c2c_evidence_order ON c2c_evidence(order_id, id);
CREATE TRIGGER c2c_evidence_no_update BEFORE UPDATE ON c2c_evidence
BEGIN SELECT RAISE(ABORT, 'c2c_evidence is kept unchanged'); END;
CREATE TRIGGER c2c_evidence_no_delete BEFORE DELETE ON c2c_evidence
BEGIN SELECT RAISE(ABORT, 'c2c_evidence is kept unchanged'); END;

-- A merchant's cancellations that count for the penalty (UTC day `YYYY-MM-DD`); one per order.
CREATE TABLE c2c_cancellations (
  order_id INTEGER PRIMARY KEY REFERENCES c2c_orders(id),
  uid INTEGER NOT NULL,
  day TEXT NOT NULL,
  penalty INTEGER NOT NULL DEFAULT 0,
  at INTEGER NOT NULL
);
CREATE INDEX c2c_cancellations_day ON c2c_cancellations(uid, day);

CREATE TABLE c2c_notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL,
  order_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
CREATE INDEX c2c_notifications_uid ON c2c_notifications(uid, id);

-- The language a user last used the C2C pages in: their mail comes in it.
CREATE TABLE c2c_user_langs (
  uid INTEGER PRIMARY KEY,
  lang TEXT NOT NULL
);
