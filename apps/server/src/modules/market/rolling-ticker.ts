import { type CandleUnits, candleFromTrade, addTrade, periodStart, PERIOD_MS } from './candles';

export interface TickerStats {
  last: bigint;
  open: bigint;
  high: bigint;
  low: bigint;
  volume: bigint;
  quoteVolume: bigint;
  /** When the last trade happened (0 if it is a seeded close). */
  lastTs: number;
}

const MINUTE = PERIOD_MS['1m'];

/**
 * A market's rolling 24-hour statistics at minute granularity: the window is the last 1440 one-minute buckets,
 * the current (partial) minute included. Sums are kept incrementally; high and low are recomputed only when a
 * bucket that held one of them leaves the window (at most once a minute, over at most 1440 buckets).
 */
export class RollingTicker {
  private readonly buckets: CandleUnits[] = [];
  private volume = 0n;
  private quoteVolume = 0n;
  private high: bigint | null = null;
  private low: bigint | null = null;
  private last: bigint | null = null;
  private lastTs = 0;

  constructor(private readonly windowMs = 24 * 60 * MINUTE) {}

  /** Loads history: one-minute candles oldest first, and the close before them (for a window without trades). */
  seed(minutes: readonly CandleUnits[], closeBefore: bigint | null): void {
    this.last = closeBefore;
    for (const candle of minutes) {
      this.buckets.push({ ...candle });
      this.volume += candle.v;
      this.quoteVolume += candle.qv;
      this.widen(candle.h, candle.l);
      this.last = candle.c;
    }
  }

  addTrade(trade: { price: bigint; quantity: bigint; quote: bigint; ts: number }): void {
    const t = periodStart(trade.ts, '1m');
    const current = this.buckets.at(-1);
    const unit = { id: 0, side: 'buy' as const, ...trade };
    if (current && current.t >= t) addTrade(current, unit);
    else this.buckets.push(candleFromTrade(t, unit));
    this.volume += trade.quantity;
    this.quoteVolume += trade.quote;
    this.widen(trade.price, trade.price);
    this.last = trade.price;
    this.lastTs = trade.ts;
  }

  /** Drops the buckets that left the window at `now`; true when something changed. */
  roll(now: number): boolean {
    const oldest = periodStart(now, '1m') - this.windowMs;
    let dropped = false;
    let extremeLeft = false;
    while (this.buckets.length > 0 && (this.buckets[0] as CandleUnits).t <= oldest) {
      const gone = this.buckets.shift() as CandleUnits;
      this.volume -= gone.v;
      this.quoteVolume -= gone.qv;
      if (gone.h === this.high || gone.l === this.low) extremeLeft = true;
      dropped = true;
    }
    if (extremeLeft) {
      this.high = null;
      this.low = null;
      for (const b of this.buckets) this.widen(b.h, b.l);
    }
    return dropped;
  }

  /** The statistics at `now` (rolls the window first); null before any price is known. */
  stats(now: number): TickerStats | null {
    this.roll(now);
    if (this.last === null) return null;
    const first = this.buckets[0];
    return {
      last: this.last,
      open: first ? first.o : this.last,
      high: this.high ?? this.last,
      low: this.low ?? this.last,
      volume: this.volume,
      quoteVolume: this.quoteVolume,
      lastTs: this.lastTs,
    };
  }

  private widen(high: bigint, low: bigint): void {
    if (this.high === null || high > this.high) this.high = high;
    if (this.low === null || low < this.low) this.low = low;
  }
}
