import { OrderBook as NobBook, Side, type LimitOrderOptions } from 'nodejs-order-book';
import type { Command } from '@bourse/engine';

/**
 * The same flow in nodejs-order-book's API (string ids, option objects), converted before timing so the timed loop
 * only calls the library: place → limit() (IOC via timeInForce), cancel → cancel(), move → modify() with the new
 * price, which like ours re-queues the order and lets it trade if it crosses. Its modify() also re-queues on a size
 * change, unlike our reduce, so flows compared against it contain no reduces.
 */

const LIMIT = 0;
const CANCEL = 1;
const MODIFY = 2;

export interface NobCommand {
  op: typeof LIMIT | typeof CANCEL | typeof MODIFY;
  id: string;
  limit: LimitOrderOptions | null;
  update: { price: number } | null;
}

// The package does not export its TimeInForce enum; its values are these strings.
const IOC = 'IOC' as LimitOrderOptions['timeInForce'];
const GTC = 'GTC' as LimitOrderOptions['timeInForce'];

export function toNob(commands: readonly Command[]): NobCommand[] {
  return commands.map((c): NobCommand => {
    switch (c.kind) {
      case 'place': {
        const limit: LimitOrderOptions = {
          id: String(c.id),
          side: c.side === 'buy' ? Side.BUY : Side.SELL,
          size: c.qty,
          price: c.price,
          timeInForce: c.type === 'ioc' ? IOC : GTC,
        };
        return { op: LIMIT, id: limit.id, limit, update: null };
      }
      case 'cancel':
        return { op: CANCEL, id: String(c.id), limit: null, update: null };
      case 'move':
        return { op: MODIFY, id: String(c.id), limit: null, update: { price: c.price } };
      default:
        throw new Error(`${c.kind} has no like-for-like nodejs-order-book equivalent`);
    }
  });
}

export function runNob(book: NobBook, commands: readonly NobCommand[]): void {
  for (const c of commands) {
    if (c.op === LIMIT) book.limit(c.limit as LimitOrderOptions);
    else if (c.op === CANCEL) book.cancel(c.id);
    else book.modify(c.id, c.update as { price: number });
  }
}

/** nodejs-order-book's aggregated depth as [price, qty] pairs, best first, to check both books ended the same. */
export function nobDepth(book: NobBook): { bids: [number, number][]; asks: [number, number][] } {
  const [asks, bids] = book.depth();
  return {
    bids: [...bids].sort((a, b) => b[0] - a[0]),
    asks: [...asks].sort((a, b) => a[0] - b[0]),
  };
}

export { NobBook };
