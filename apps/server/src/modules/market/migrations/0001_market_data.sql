-- Market data (modules/market): candles built from spot trades, the backfilled history, and the live events of
-- spec §2. Prices, quantities and quote amounts are INTEGER units at the scales recorded per market in
-- market_series, so a later change of a market's precision does not change what stored numbers mean.

CREATE TABLE market_series (
  symbol TEXT PRIMARY KEY,
  price_scale INTEGER NOT NULL CHECK (price_scale BETWEEN 0 AND 18),
  quantity_scale INTEGER NOT NULL CHECK (quantity_scale BETWEEN 0 AND 18),
  quote_scale INTEGER NOT NULL CHECK (quote_scale BETWEEN 0 AND 36),
  -- The newest spot trade already in the candles: at start, trades after it are replayed (exactly once).
  last_trade_id INTEGER NOT NULL DEFAULT 0,
  -- The simulated history written at first start: [from, to) in ms, and how long it took.
  backfill_from INTEGER,
  backfill_to INTEGER,
  backfill_ms INTEGER,
  created_at INTEGER NOT NULL
);

CREATE TABLE market_candles (
  symbol TEXT NOT NULL,
  period TEXT NOT NULL CHECK (period IN ('1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w')),
  open_time INTEGER NOT NULL,
  open INTEGER NOT NULL CHECK (open > 0),
  high INTEGER NOT NULL,
  low INTEGER NOT NULL,
  close INTEGER NOT NULL,
  volume INTEGER NOT NULL CHECK (volume >= 0),
  quote_volume INTEGER NOT NULL CHECK (quote_volume >= 0),
  -- Real trades in the period; 0 for backfilled history.
  trades INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (symbol, period, open_time),
  CHECK (low <= open AND low <= close AND high >= open AND high >= close)
) WITHOUT ROWID;

CREATE TABLE market_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  symbol TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('rise5m', 'fall5m', 'largeBuy', 'largeSell', 'abnormalRise', 'abnormalFall')),
  -- Percent with two decimals for price moves, the quote amount for large trades (display text, not money).
  value TEXT NOT NULL,
  price INTEGER NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX market_events_symbol ON market_events(symbol, id);
CREATE INDEX market_events_ts ON market_events(ts);
