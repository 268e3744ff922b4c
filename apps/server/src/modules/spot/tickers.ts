import { formatDecimal, type Ticker } from '@bourse/contract';
import { formatPrice, type Market } from './market';

/**
 * Where 24-hour tickers come from. The market-data module implements it and registers it with
 * `spot.useTickers(source)`; until then the spot module builds tickers from its own trades.
 */
export interface TickerSource {
  /** The market's current ticker, or undefined to fall back to the spot module's own. */
  ticker(symbol: string): Ticker | undefined;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Bucket {
  minute: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: bigint;
  quoteVolume: bigint;
}

/**
 * 24-hour statistics of one market from its own trades, in one-minute buckets (at most 1440 per market), so a
 * ticker costs a fold over buckets and never a scan of trades. Loaded from `spot_trades` at start.
 */
export class OwnTradeStats {
  private readonly buckets: Bucket[] = [];
  private lastPrice = 0;

  add(price: number, qty: number, quote: bigint, ts: number): void {
    const minute = Math.floor(ts / MINUTE);
    let b = this.buckets.at(-1);
    if (!b || b.minute < minute) {
      b = { minute, open: price, high: price, low: price, close: price, volume: 0n, quoteVolume: 0n };
      this.buckets.push(b);
    }
    if (price > b.high) b.high = price;
    if (price < b.low) b.low = price;
    b.close = price;
    b.volume += BigInt(qty);
    b.quoteVolume += quote;
    this.lastPrice = price;
  }

  ticker(market: Market, now: number, bid: number | undefined, ask: number | undefined): Ticker {
    const since = Math.floor((now - DAY) / MINUTE);
    while (this.buckets.length > 0 && (this.buckets[0] as Bucket).minute <= since) this.buckets.shift();
    const last = this.lastPrice;
    let open = last;
    let high = last;
    let low = last;
    let volume = 0n;
    let quoteVolume = 0n;
    const first = this.buckets[0];
    if (first) {
      open = first.open;
      high = first.high;
      low = first.low;
      for (const b of this.buckets) {
        if (b.high > high) high = b.high;
        if (b.low < low) low = b.low;
        volume += b.volume;
        quoteVolume += b.quoteVolume;
      }
    }
    const change = BigInt(last - open);
    // Percent with two decimals, rounded toward zero.
    const percent = open === 0 ? 0n : (change * 10_000n) / BigInt(open);
    return {
      symbol: market.symbol,
      last: formatPrice(market, last),
      open: formatPrice(market, open),
      high: formatPrice(market, high),
      low: formatPrice(market, low),
      volume: formatDecimal(volume, market.qtyPrecision),
      quoteVolume: formatDecimal(quoteVolume, market.quoteScale),
      change: formatDecimal(change, market.pricePrecision),
      changePercent: formatDecimal(percent, 2, 2),
      bid: bid === undefined ? null : formatPrice(market, bid),
      ask: ask === undefined ? null : formatPrice(market, ask),
      ts: now,
    };
  }
}
