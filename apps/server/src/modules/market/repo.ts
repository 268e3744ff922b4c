import type { KlinePeriod, MarketEventType } from '@bourse/contract';
import type { Db } from '../../db/database';
import type { CandleUnits, SeriesScales } from './candles';

export interface SeriesRow {
  symbol: string;
  scales: SeriesScales;
  lastTradeId: number;
  backfillFrom: number | null;
  backfillTo: number | null;
  backfillMs: number | null;
}

export interface StoredEvent {
  id: number;
  symbol: string;
  type: MarketEventType;
  value: string;
  price: bigint;
  ts: number;
}

interface SeriesDbRow {
  symbol: string;
  price_scale: number;
  quantity_scale: number;
  quote_scale: number;
  last_trade_id: number;
  backfill_from: number | null;
  backfill_to: number | null;
  backfill_ms: number | null;
}

interface CandleDbRow {
  open_time: bigint;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  quote_volume: bigint;
  trades: bigint;
}

interface EventDbRow {
  id: bigint;
  symbol: string;
  type: MarketEventType;
  value: string;
  price: bigint;
  ts: bigint;
}

const CANDLE_COLUMNS = 'open_time, open, high, low, close, volume, quote_volume, trades';

function candleOf(row: CandleDbRow): CandleUnits {
  return {
    t: Number(row.open_time),
    o: row.open,
    h: row.high,
    l: row.low,
    c: row.close,
    v: row.volume,
    qv: row.quote_volume,
    n: Number(row.trades),
  };
}

function seriesOf(row: SeriesDbRow): SeriesRow {
  return {
    symbol: row.symbol,
    scales: { price: row.price_scale, quantity: row.quantity_scale, quote: row.quote_scale },
    lastTradeId: row.last_trade_id,
    backfillFrom: row.backfill_from,
    backfillTo: row.backfill_to,
    backfillMs: row.backfill_ms,
  };
}

/** The market module's SQL: its own tables only (migration 0025). Money columns are read as bigint. */
export function createMarketRepo(db: Db) {
  const q = {
    series: db.prepare<[string], SeriesDbRow>('SELECT * FROM market_series WHERE symbol = ?'),
    allSeries: db.prepare<[], SeriesDbRow>('SELECT * FROM market_series ORDER BY symbol'),
    insertSeries: db.prepare<[string, number, number, number, number]>(
      `INSERT INTO market_series (symbol, price_scale, quantity_scale, quote_scale, created_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT(symbol) DO NOTHING`,
    ),
    setLastTrade: db.prepare<[number, string]>(
      'UPDATE market_series SET last_trade_id = MAX(last_trade_id, ?) WHERE symbol = ?',
    ),
    setBackfill: db.prepare<[number, number, number, string]>(
      'UPDATE market_series SET backfill_from = ?, backfill_to = ?, backfill_ms = ? WHERE symbol = ?',
    ),
    upsertCandle: db.prepare<[string, string, number, bigint, bigint, bigint, bigint, bigint, bigint, number]>(
      `INSERT INTO market_candles (symbol, period, ${CANDLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(symbol, period, open_time) DO UPDATE SET open = excluded.open, high = excluded.high,
         low = excluded.low, close = excluded.close, volume = excluded.volume,
         quote_volume = excluded.quote_volume, trades = excluded.trades`,
    ),
    candle: db
      .prepare<[string, string, number], CandleDbRow>(
        `SELECT ${CANDLE_COLUMNS} FROM market_candles WHERE symbol = ? AND period = ? AND open_time = ?`,
      )
      .safeIntegers(true),
    candlesBetween: db
      .prepare<[string, string, number, number], CandleDbRow>(
        `SELECT ${CANDLE_COLUMNS} FROM market_candles
         WHERE symbol = ? AND period = ? AND open_time >= ? AND open_time <= ? ORDER BY open_time`,
      )
      .safeIntegers(true),
    candleBefore: db
      .prepare<[string, string, number], CandleDbRow>(
        `SELECT ${CANDLE_COLUMNS} FROM market_candles
         WHERE symbol = ? AND period = ? AND open_time < ? ORDER BY open_time DESC LIMIT 1`,
      )
      .safeIntegers(true),
    newestCandle: db
      .prepare<[string, string], CandleDbRow>(
        `SELECT ${CANDLE_COLUMNS} FROM market_candles WHERE symbol = ? AND period = ?
         ORDER BY open_time DESC LIMIT 1`,
      )
      .safeIntegers(true),
    countCandles: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM market_candles WHERE symbol = ?'),
    deleteCandles: db.prepare<[string]>('DELETE FROM market_candles WHERE symbol = ?'),
    insertEvent: db.prepare<[string, string, string, bigint, number]>(
      'INSERT INTO market_events (symbol, type, value, price, ts) VALUES (?, ?, ?, ?, ?)',
    ),
    lastEventTs: db.prepare<[string, string], { ts: number | null }>(
      'SELECT MAX(ts) AS ts FROM market_events WHERE symbol = ? AND type = ?',
    ),
    events: db.prepare<[number], EventDbRow>('SELECT * FROM market_events ORDER BY id DESC LIMIT ?').safeIntegers(true),
    eventsOf: db
      .prepare<[string, number], EventDbRow>('SELECT * FROM market_events WHERE symbol = ? ORDER BY id DESC LIMIT ?')
      .safeIntegers(true),
    pruneEvents: db.prepare<[number]>('DELETE FROM market_events WHERE ts < ?'),
  };

  return {
    series(symbol: string): SeriesRow | null {
      const row = q.series.get(symbol);
      return row ? seriesOf(row) : null;
    },
    allSeries(): SeriesRow[] {
      return q.allSeries.all().map(seriesOf);
    },
    createSeries(symbol: string, scales: SeriesScales, now: number): void {
      q.insertSeries.run(symbol, scales.price, scales.quantity, scales.quote, now);
    },
    setLastTradeId(symbol: string, id: number): void {
      q.setLastTrade.run(id, symbol);
    },
    setBackfill(symbol: string, from: number, to: number, ms: number): void {
      q.setBackfill.run(from, to, ms, symbol);
    },
    upsertCandle(symbol: string, period: KlinePeriod, c: CandleUnits): void {
      q.upsertCandle.run(symbol, period, c.t, c.o, c.h, c.l, c.c, c.v, c.qv, c.n);
    },
    candle(symbol: string, period: KlinePeriod, t: number): CandleUnits | null {
      const row = q.candle.get(symbol, period, t);
      return row ? candleOf(row) : null;
    },
    /** Candles with open time in [from, to], oldest first. */
    candlesBetween(symbol: string, period: KlinePeriod, from: number, to: number): CandleUnits[] {
      return q.candlesBetween.all(symbol, period, from, to).map(candleOf);
    },
    candleBefore(symbol: string, period: KlinePeriod, t: number): CandleUnits | null {
      const row = q.candleBefore.get(symbol, period, t);
      return row ? candleOf(row) : null;
    },
    newestCandle(symbol: string, period: KlinePeriod): CandleUnits | null {
      const row = q.newestCandle.get(symbol, period);
      return row ? candleOf(row) : null;
    },
    candleCount(symbol: string): number {
      return q.countCandles.get(symbol)?.n ?? 0;
    },
    deleteCandles(symbol: string): void {
      q.deleteCandles.run(symbol);
    },
    insertEvent(e: Omit<StoredEvent, 'id'>): number {
      return Number(q.insertEvent.run(e.symbol, e.type, e.value, e.price, e.ts).lastInsertRowid);
    },
    /** When a market's newest event of this type happened, or null. */
    lastEventTs(symbol: string, type: string): number | null {
      return q.lastEventTs.get(symbol, type)?.ts ?? null;
    },
    /** Newest first. */
    events(symbol: string | undefined, limit: number): StoredEvent[] {
      const rows = symbol === undefined ? q.events.all(limit) : q.eventsOf.all(symbol, limit);
      return rows.map((r) => ({ ...r, id: Number(r.id), ts: Number(r.ts) }));
    },
    pruneEvents(olderThan: number): number {
      return q.pruneEvents.run(olderThan).changes;
    },
  };
}

export type MarketRepo = ReturnType<typeof createMarketRepo>;
