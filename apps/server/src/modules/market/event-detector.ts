import { formatDecimal, type MarketEventType, parseDecimal } from '@bourse/contract';
import type { SeriesScales, TradeUnits } from './candles';

/** When a live event (spec §2) fires. Percentages and amounts are decimal strings, as configured. */
export interface EventThresholds {
  /** 5-minute gain / decline: last price against the lowest / highest of the last 5 minutes, in percent. */
  move5mPercent: string;
  /** Abnormal gain / decline: the same within 1 minute, in percent (a larger move in a shorter time). */
  abnormal1mPercent: string;
  /** Large buy / sell: one taker order's traded value in the quote asset. */
  largeTradeQuote: string;
  /** A market's own large-trade amount, when it differs from `largeTradeQuote`. */
  largeTradeBySymbol?: (symbol: string) => string | undefined;
  /** The same event type does not fire again for a market within this time. */
  cooldownMs: number;
}

export const DEFAULT_THRESHOLDS: EventThresholds = {
  move5mPercent: '1',
  abnormal1mPercent: '2',
  largeTradeQuote: '50000',
  cooldownMs: 5 * 60_000,
};

export interface DetectedEvent {
  symbol: string;
  type: MarketEventType;
  /** Percent with two decimals for price moves, the quote amount for large trades. */
  value: string;
  price: bigint;
  ts: number;
}

const FIVE_MINUTES = 5 * 60_000;
const ONE_MINUTE = 60_000;
/** Percent thresholds are parsed at scale 4: 1% = 10000 parts per million of the reference. */
const PERCENT_SCALE = 4;
const PPM = 1_000_000n;

/** Lowest or highest price of a sliding time window (monotonic deque: amortised O(1) per trade). */
class SlidingExtreme {
  private readonly items: { ts: number; price: bigint }[] = [];
  private head = 0;

  constructor(
    private readonly windowMs: number,
    private readonly kind: 'min' | 'max',
  ) {}

  push(ts: number, price: bigint): void {
    while (this.items.length > this.head) {
      const tail = this.items[this.items.length - 1] as { price: bigint };
      if (this.kind === 'min' ? tail.price >= price : tail.price <= price) this.items.pop();
      else break;
    }
    this.items.push({ ts, price });
    while (this.head < this.items.length && (this.items[this.head] as { ts: number }).ts <= ts - this.windowMs) {
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
  }

  value(): bigint | null {
    return this.items[this.head]?.price ?? null;
  }
}

interface SymbolState {
  min5: SlidingExtreme;
  max5: SlidingExtreme;
  min1: SlidingExtreme;
  max1: SlidingExtreme;
  lastFired: Map<MarketEventType, number>;
}

/**
 * Turns each market's trades into the live events of spec §2. A rule fires when the move reaches its threshold
 * (reaching is enough: at the threshold it fires, a hair below it does not), then rests for the cooldown. An abnormal
 * move does not also report as a 5-minute move.
 */
export class EventDetector {
  private readonly states = new Map<string, SymbolState>();
  private readonly move5m: bigint;
  private readonly abnormal: bigint;

  constructor(private readonly thresholds: EventThresholds = DEFAULT_THRESHOLDS) {
    this.move5m = parsePercent(thresholds.move5mPercent);
    this.abnormal = parsePercent(thresholds.abnormal1mPercent);
  }

  /** The events one batch of a market's trades (in time order) gives. */
  detect(symbol: string, scales: SeriesScales, trades: readonly TradeUnits[]): DetectedEvent[] {
    const state = this.state(symbol);
    const events: DetectedEvent[] = [];
    for (const trade of trades) {
      state.min5.push(trade.ts, trade.price);
      state.max5.push(trade.ts, trade.price);
      state.min1.push(trade.ts, trade.price);
      state.max1.push(trade.ts, trade.price);
      const low1 = state.min1.value() as bigint;
      const high1 = state.max1.value() as bigint;
      const low5 = state.min5.value() as bigint;
      const high5 = state.max5.value() as bigint;
      const rise = reaches(trade.price - low1, low1, this.abnormal)
        ? this.fire(state, events, symbol, 'abnormalRise', percent(trade.price - low1, low1), trade)
        : false;
      const fall = reaches(high1 - trade.price, high1, this.abnormal)
        ? this.fire(state, events, symbol, 'abnormalFall', percent(high1 - trade.price, high1), trade)
        : false;
      if (!rise && reaches(trade.price - low5, low5, this.move5m)) {
        this.fire(state, events, symbol, 'rise5m', percent(trade.price - low5, low5), trade);
      }
      if (!fall && reaches(high5 - trade.price, high5, this.move5m)) {
        this.fire(state, events, symbol, 'fall5m', percent(high5 - trade.price, high5), trade);
      }
    }
    this.largeTrades(state, events, symbol, scales, trades);
    return events;
  }

  private largeTrades(
    state: SymbolState,
    events: DetectedEvent[],
    symbol: string,
    scales: SeriesScales,
    trades: readonly TradeUnits[],
  ): void {
    const amount = this.thresholds.largeTradeBySymbol?.(symbol) ?? this.thresholds.largeTradeQuote;
    const threshold = parseDecimal(amount, scales.quote);
    // The fills of one taker order add up to one large trade; a fill without an order id stands alone.
    const orders = new Map<string, { quote: bigint; last: TradeUnits }>();
    for (const trade of trades) {
      const key = trade.takerOrderId === undefined ? `t${trade.id}` : `o${trade.takerOrderId}`;
      const order = orders.get(key);
      if (order) {
        order.quote += trade.quote;
        order.last = trade;
      } else orders.set(key, { quote: trade.quote, last: trade });
    }
    for (const { quote, last } of orders.values()) {
      if (quote < threshold) continue;
      events.push({
        symbol,
        type: last.side === 'buy' ? 'largeBuy' : 'largeSell',
        value: formatDecimal(quote, scales.quote),
        price: last.price,
        ts: last.ts,
      });
      state.lastFired.set(last.side === 'buy' ? 'largeBuy' : 'largeSell', last.ts);
    }
  }

  private fire(
    state: SymbolState,
    events: DetectedEvent[],
    symbol: string,
    type: MarketEventType,
    value: string,
    trade: TradeUnits,
  ): boolean {
    const last = state.lastFired.get(type);
    if (last !== undefined && trade.ts - last < this.thresholds.cooldownMs) return true;
    state.lastFired.set(type, trade.ts);
    events.push({ symbol, type, value, price: trade.price, ts: trade.ts });
    return true;
  }

  private state(symbol: string): SymbolState {
    let state = this.states.get(symbol);
    if (!state) {
      state = {
        min5: new SlidingExtreme(FIVE_MINUTES, 'min'),
        max5: new SlidingExtreme(FIVE_MINUTES, 'max'),
        min1: new SlidingExtreme(ONE_MINUTE, 'min'),
        max1: new SlidingExtreme(ONE_MINUTE, 'max'),
        lastFired: new Map(),
      };
      this.states.set(symbol, state);
    }
    return state;
  }
}

/** A percentage at scale 4 (1% = 10000); digits beyond the fourth decimal are dropped. */
function parsePercent(value: string): bigint {
  return parseDecimal(value.replace(/(\.\d{4})\d+$/, '$1'), PERCENT_SCALE);
}

/** move / reference ≥ threshold (ppm of the reference), exactly. */
function reaches(move: bigint, reference: bigint, thresholdPpm: bigint): boolean {
  return reference > 0n && move > 0n && move * PPM >= reference * thresholdPpm;
}

/** move / reference in percent with two decimals, truncated. */
function percent(move: bigint, reference: bigint): string {
  return formatDecimal((move * 10_000n) / reference, 2, 2);
}
