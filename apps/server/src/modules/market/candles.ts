import { type Candle, formatDecimal, KLINE_PERIODS, type KlinePeriod } from '@bourse/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday: the first Monday 00:00 UTC is four days after the epoch. */
const FIRST_MONDAY = 4 * DAY;

export const PERIOD_MS: Readonly<Record<KlinePeriod, number>> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': HOUR,
  '4h': 4 * HOUR,
  '1d': DAY,
  '1w': WEEK,
};

/** Open time (UTC) of the period containing `ts`. Days start at 00:00 UTC, weeks on Monday 00:00 UTC. */
export function periodStart(ts: number, period: KlinePeriod): number {
  if (period === '1w') return Math.floor((ts - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY;
  const ms = PERIOD_MS[period];
  return Math.floor(ts / ms) * ms;
}

/** The scales a market's series is stored at: prices, base quantities and quote amounts as integer units. */
export interface SeriesScales {
  price: number;
  quantity: number;
  quote: number;
}

/** A candle in integer units of its series' scales. */
export interface CandleUnits {
  t: number;
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  v: bigint;
  qv: bigint;
  /** Number of trades (0 for a backfilled or gap-filled candle's synthetic volume, see docs/market-data.md). */
  n: number;
}

/** One trade as the candles, tickers and events see it, in the series' units. */
export interface TradeUnits {
  id: number;
  price: bigint;
  quantity: bigint;
  quote: bigint;
  side: 'buy' | 'sell';
  ts: number;
  /** Fills of one taker order share it; large-trade events add them up. */
  takerOrderId?: number;
}

export function candleFromTrade(t: number, trade: TradeUnits): CandleUnits {
  return {
    t,
    o: trade.price,
    h: trade.price,
    l: trade.price,
    c: trade.price,
    v: trade.quantity,
    qv: trade.quote,
    n: 1,
  };
}

/** Adds a trade to a candle of the period that contains it (mutates). */
export function addTrade(candle: CandleUnits, trade: TradeUnits): void {
  if (trade.price > candle.h) candle.h = trade.price;
  if (trade.price < candle.l) candle.l = trade.price;
  candle.c = trade.price;
  candle.v += trade.quantity;
  candle.qv += trade.quote;
  candle.n += 1;
}

/** Folds a later sub-candle (e.g. a minute into its hour) into a candle (mutates). */
export function mergeCandle(into: CandleUnits, later: CandleUnits): void {
  if (later.h > into.h) into.h = later.h;
  if (later.l < into.l) into.l = later.l;
  into.c = later.c;
  into.v += later.v;
  into.qv += later.qv;
  into.n += later.n;
}

export function copyCandle(candle: CandleUnits, t = candle.t): CandleUnits {
  return { ...candle, t };
}

/** A candle for a period in which nothing traded: flat at the previous close, no volume. */
export function flatCandle(t: number, close: bigint): CandleUnits {
  return { t, o: close, h: close, l: close, c: close, v: 0n, qv: 0n, n: 0 };
}

export function toWireCandle(candle: CandleUnits, scales: SeriesScales): Candle {
  return {
    t: candle.t,
    o: formatDecimal(candle.o, scales.price),
    h: formatDecimal(candle.h, scales.price),
    l: formatDecimal(candle.l, scales.price),
    c: formatDecimal(candle.c, scales.price),
    v: formatDecimal(candle.v, scales.quantity),
    qv: formatDecimal(candle.qv, scales.quote),
  };
}

/**
 * Aggregates a time-ordered run of candles of one period into candles of a longer period (backfill: minutes into
 * every longer period). Exact: the result equals applying the underlying trades one by one.
 */
export function aggregate(candles: Iterable<CandleUnits>, period: KlinePeriod): CandleUnits[] {
  const out: CandleUnits[] = [];
  let current: CandleUnits | null = null;
  for (const candle of candles) {
    const t = periodStart(candle.t, period);
    if (current && current.t === t) mergeCandle(current, candle);
    else {
      current = copyCandle(candle, t);
      out.push(current);
    }
  }
  return out;
}

/**
 * The candles of every period from `first` to `last` (open times, inclusive, oldest first): stored ones as they are,
 * periods in which nothing traded as flat candles at the previous close (as the large exchanges serve them), nothing
 * before the first trade. `stored` is oldest first within the range; `before` is the newest candle older than it.
 */
export function fillRange(
  stored: readonly CandleUnits[],
  before: CandleUnits | null,
  first: number,
  last: number,
  period: KlinePeriod,
): CandleUnits[] {
  const out: CandleUnits[] = [];
  let close = before?.c ?? null;
  let i = 0;
  for (let t = first; t <= last; t = nextOpen(t, period)) {
    while ((stored[i]?.t ?? Infinity) < t) i++;
    const candle = stored[i];
    if (candle && candle.t === t) {
      out.push(candle);
      close = candle.c;
      i++;
    } else if (close !== null) out.push(flatCandle(t, close));
  }
  return out;
}

export function nextOpen(t: number, period: KlinePeriod): number {
  return t + PERIOD_MS[period];
}

export { KLINE_PERIODS };
