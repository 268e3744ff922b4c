import type { DepthLevel as WireLevel } from '@bourse/contract';
import type { DepthLevel, LevelChange, OrderBook } from '@bourse/engine';
import { formatPrice, formatQty, type Market } from './market';

/**
 * Book depth at an aggregation level: `type` 0 is the tick, 1 is 10 ticks, 2 is 100, 3 is 1000. Bids round down and
 * asks round up to their bucket, so an aggregated level never shows a better price than is really there.
 */
export function aggregatedDepth(
  market: Market,
  book: OrderBook,
  type: number,
  limit: number,
): { bids: WireLevel[]; asks: WireLevel[] } {
  const bucket = market.tick * 10 ** type;
  if (type === 0) {
    const d = book.depth(limit);
    return {
      bids: d.bids.map((l) => level(market, l.price, l.qty)),
      asks: d.asks.map((l) => level(market, l.price, l.qty)),
    };
  }
  // Fetch more levels until `limit` buckets are complete on both sides or the book is exhausted.
  for (let levels = limit * 4; ; levels *= 4) {
    const d = book.depth(levels);
    const bids = bucketed(d.bids, bucket, 'down', limit);
    const asks = bucketed(d.asks, bucket, 'up', limit);
    const exhausted = d.bids.length < levels && d.asks.length < levels;
    if (exhausted || (bids.complete && asks.complete)) {
      return {
        bids: bids.levels.map(([p, q]) => level(market, p, q)),
        asks: asks.levels.map(([p, q]) => level(market, p, q)),
      };
    }
  }
}

function bucketed(
  levels: DepthLevel[],
  bucket: number,
  rounding: 'down' | 'up',
  limit: number,
): { levels: [number, number][]; complete: boolean } {
  const out: [number, number][] = [];
  for (const l of levels) {
    const down = l.price - (l.price % bucket);
    const price = rounding === 'down' || down === l.price ? down : down + bucket;
    const last = out.at(-1);
    if (last && last[0] === price) last[1] += l.qty;
    else {
      // A new bucket starts: the previous ones are complete.
      if (out.length === limit) return { levels: out, complete: true };
      out.push([price, l.qty]);
    }
  }
  return { levels: out, complete: false };
}

function level(market: Market, price: number, qty: number): WireLevel {
  return [formatPrice(market, price), formatQty(market, qty)];
}

/** Changed levels of a drained diff as wire bids and asks (quantity "0" removes a level). */
export function changedLevels(
  market: Market,
  changes: readonly LevelChange[],
): { bids: WireLevel[]; asks: WireLevel[] } {
  const bids: WireLevel[] = [];
  const asks: WireLevel[] = [];
  for (const c of changes) (c.side === 'buy' ? bids : asks).push(level(market, c.price, c.qty));
  return { bids, asks };
}
