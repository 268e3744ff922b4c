-- Spot trading: markets (operator configuration), orders, trades, favourites.
-- Prices are integers in units of 10^-price_precision quote, quantities in units of 10^-qty_precision base; money
-- (frozen funds, fees, quote amounts) is in the ledger units of its asset (10^-scale).

CREATE TABLE spot_markets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  symbol TEXT NOT NULL UNIQUE,
  base TEXT NOT NULL REFERENCES assets(code),
  quote TEXT NOT NULL REFERENCES assets(code),
  category TEXT NOT NULL,
  -- Fixed once the market exists: every stored price and quantity is counted in these units.
  price_precision INTEGER NOT NULL CHECK (price_precision BETWEEN 0 AND 18),
  qty_precision INTEGER NOT NULL CHECK (qty_precision BETWEEN 0 AND 18),
  tick INTEGER NOT NULL CHECK (tick > 0),
  step INTEGER NOT NULL CHECK (step > 0),
  -- Smallest order value, in price units (10^-price_precision quote).
  min_notional INTEGER NOT NULL CHECK (min_notional >= 0),
  -- Fee rates in parts per million (1000 = 0.1%).
  maker_fee_ppm INTEGER NOT NULL CHECK (maker_fee_ppm BETWEEN 0 AND 100000),
  taker_fee_ppm INTEGER NOT NULL CHECK (taker_fee_ppm BETWEEN 0 AND 100000),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  hot INTEGER NOT NULL DEFAULT 0 CHECK (hot IN (0, 1)),
  sort INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Named system owners that trade (market makers). Their engine owner number is 2^52 + id, far above any uid.
CREATE TABLE spot_system_owners (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);

CREATE TABLE spot_orders (
  -- Chosen by the server (a counter above the largest id at start), so a refused order leaves no gap to reuse.
  id INTEGER PRIMARY KEY,
  market_id INTEGER NOT NULL REFERENCES spot_markets(id),
  -- The engine's owner number: the uid for users, 2^52 + spot_system_owners.id for system owners.
  owner INTEGER NOT NULL,
  uid INTEGER,
  client_order_id TEXT,
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  type TEXT NOT NULL CHECK (type IN ('limit', 'market')),
  time_in_force TEXT NOT NULL CHECK (time_in_force IN ('GTC', 'IOC', 'FOK')),
  post_only INTEGER NOT NULL DEFAULT 0,
  stp TEXT NOT NULL,
  price INTEGER,
  quantity INTEGER,
  -- Market buys by amount: the quote budget, in quote ledger units.
  quote_quantity INTEGER,
  filled_qty INTEGER NOT NULL DEFAULT 0,
  -- Quote paid (buys) or received before fee (sells), in quote ledger units.
  filled_quote INTEGER NOT NULL DEFAULT 0,
  -- Σ price × qty of the fills, exactly, in units of 10^-(price_precision + qty_precision) quote (rounding rule).
  quote_exact INTEGER NOT NULL DEFAULT 0,
  -- Fee paid: base units for buys, quote units for sells.
  fee INTEGER NOT NULL DEFAULT 0,
  -- What the order still holds frozen in the ledger (quote for buys, base for sells). 0 once it is finished.
  frozen INTEGER NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  status TEXT NOT NULL CHECK (status IN ('open', 'partial', 'filled', 'cancelled', 'expired')),
  reason TEXT,
  -- Time priority on the book (the engine's sequence number when it came to rest).
  seq INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK (typeof(frozen) = 'integer' AND typeof(filled_quote) = 'integer' AND typeof(quote_exact) = 'integer')
);
CREATE UNIQUE INDEX spot_orders_client ON spot_orders(owner, client_order_id) WHERE client_order_id IS NOT NULL;
CREATE INDEX spot_orders_owner ON spot_orders(owner, id);
-- Only resting orders: the books are rebuilt from this at start; "my open orders" reads it.
CREATE INDEX spot_orders_open ON spot_orders(owner, id) WHERE status IN ('open', 'partial');

CREATE TABLE spot_trades (
  id INTEGER PRIMARY KEY,
  market_id INTEGER NOT NULL REFERENCES spot_markets(id),
  price INTEGER NOT NULL,
  qty INTEGER NOT NULL,
  -- Quote paid by the buyer and received (before fee) by the seller, in quote ledger units. Equal unless
  -- price × qty has more decimals than the quote asset; the difference (under one unit) went to the fees account.
  buyer_quote INTEGER NOT NULL,
  seller_quote INTEGER NOT NULL,
  -- The buyer's fee is in the base asset, the seller's in the quote asset (ledger units).
  buyer_fee INTEGER NOT NULL,
  seller_fee INTEGER NOT NULL,
  taker_side TEXT NOT NULL CHECK (taker_side IN ('buy', 'sell')),
  maker_order_id INTEGER NOT NULL,
  taker_order_id INTEGER NOT NULL,
  maker_owner INTEGER NOT NULL,
  taker_owner INTEGER NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX spot_trades_market ON spot_trades(market_id, id);
CREATE INDEX spot_trades_maker ON spot_trades(maker_order_id);
CREATE INDEX spot_trades_taker ON spot_trades(taker_order_id);

CREATE TABLE spot_favorites (
  uid INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('spot', 'swap')),
  symbol TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (uid, type, symbol)
) WITHOUT ROWID;
