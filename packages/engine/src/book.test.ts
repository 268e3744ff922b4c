import { beforeEach, describe, expect, it } from 'vitest';
import { OrderBook } from './book';
import { copyReport } from './report';
import type { Command, ExecutionReport, MarketSpec, OrderType, PlaceOrder, Side, StpMode } from './types';

/**
 * A BTC/USDT-like market: prices in cents (tick 0.05), quantities in 0.001 BTC steps of 0.010, at least 10 USDT
 * per order. So price 100000 is 1000.00 USDT and qty 10 is 0.010 BTC.
 */
const SPEC: MarketSpec = { priceScale: 2, qtyScale: 3, tickSize: 5, stepSize: 10, minNotional: 1_000 };

let book: OrderBook;
let nextId: number;

beforeEach(() => {
  book = new OrderBook(SPEC);
  nextId = 1;
});

interface OrderOptions {
  owner?: number;
  type?: OrderType;
  stp?: StpMode;
  id?: number;
}

function order(side: Side, price: number, qty: number, options: OrderOptions = {}): PlaceOrder {
  return {
    kind: 'place',
    id: options.id ?? nextId++,
    owner: options.owner ?? 1,
    side,
    type: options.type ?? 'limit',
    price,
    qty,
    stp: options.stp ?? 'none',
  };
}

function place(side: Side, price: number, qty: number, options: OrderOptions = {}): ExecutionReport {
  return copyReport(book.place(order(side, price, qty, options)));
}

function trades(report: ExecutionReport): [makerId: number, price: number, qty: number][] {
  return report.fills.map((f) => [f.makerId, f.price, f.qty]);
}

function depth(): { bids: [number, number][]; asks: [number, number][] } {
  const d = book.depth(50);
  return { bids: d.bids.map((l) => [l.price, l.qty]), asks: d.asks.map((l) => [l.price, l.qty]) };
}

describe('limit (GTC) orders', () => {
  it('rest on the book when nothing crosses, best price first', () => {
    place('buy', 99_900, 20);
    place('buy', 100_000, 20);
    place('sell', 100_500, 30);
    expect(book.bestBid()).toBe(100_000);
    expect(book.bestAsk()).toBe(100_500);
    expect(depth()).toEqual({
      bids: [
        [100_000, 20],
        [99_900, 20],
      ],
      asks: [[100_500, 30]],
    });
  });

  it('trade at the resting price, better prices first, oldest first within a price', () => {
    const a = place('sell', 100_500, 20, { owner: 2 });
    const b = place('sell', 100_000, 10, { owner: 3 });
    const c = place('sell', 100_000, 10, { owner: 4 });
    const taker = place('buy', 101_000, 30, { owner: 5 });
    expect(trades(taker)).toEqual([
      [b.orderId, 100_000, 10],
      [c.orderId, 100_000, 10],
      [a.orderId, 100_500, 10],
    ]);
    expect(taker.fills[0]).toMatchObject({ takerSide: 'buy', makerSide: 'sell', makerOwner: 3, takerOwner: 5 });
    expect(taker.fills[2]?.makerRemaining).toBe(10);
    expect(taker.filledQty).toBe(30);
    expect(taker.restingQty).toBe(0);
    expect(depth().asks).toEqual([[100_500, 10]]);
  });

  it('rest the unfilled remainder at the limit price', () => {
    place('sell', 100_000, 10, { owner: 2 });
    const taker = place('buy', 100_000, 30);
    expect(taker.filledQty).toBe(10);
    expect(taker.restingQty).toBe(20);
    expect(depth()).toEqual({ bids: [[100_000, 20]], asks: [] });
    expect(book.order(taker.orderId)).toMatchObject({ qty: 20, price: 100_000, seq: taker.seq });
  });

  it('report the exact quote of each fill as a bigint, even past 2^53', () => {
    const huge = 6_000_000_000_000_000;
    place('sell', 100_000, huge, { owner: 2 });
    const taker = place('buy', 100_000, huge);
    expect(taker.fills[0]?.quote).toBe(600_000_000_000_000_000_000n);
  });
});

describe('market orders', () => {
  it('sell by base quantity through the levels and expire what the book cannot fill', () => {
    place('buy', 100_000, 10, { owner: 2 });
    place('buy', 99_000, 20, { owner: 3 });
    const sell = place('sell', 0, 40, { type: 'market' });
    expect(trades(sell).map(([, p, q]) => [p, q])).toEqual([
      [100_000, 10],
      [99_000, 20],
    ]);
    expect(sell.expiredQty).toBe(10);
    expect(sell.expireReason).toBe('UNFILLED');
    expect(book.bestBid()).toBeUndefined();
  });

  it('buy with a quote budget: whole steps only, never spending more than the budget', () => {
    place('sell', 100_000, 10, { owner: 2 }); // 0.010 BTC at 1000.00: costs 10.00 USDT
    place('sell', 100_500, 100, { owner: 3 }); // 0.100 BTC at 1005.00
    // 25.00 USDT = 2500 price units: 10.00 at the first level, then 15.00 buys 0.01492… → 0.010 (10.05 USDT).
    const buy = copyReport(
      book.place({
        kind: 'place',
        id: 99,
        owner: 1,
        side: 'buy',
        type: 'market',
        price: 0,
        qty: 0,
        quoteQty: 2_500,
        stp: 'none',
      }),
    );
    expect(trades(buy).map(([, p, q]) => [p, q])).toEqual([
      [100_000, 10],
      [100_500, 10],
    ]);
    const spent = buy.fills.reduce((sum, f) => sum + f.quote, 0n);
    expect(spent).toBe(2_005_000n); // 20.05 USDT at scale 2 + 3
    expect(spent).toBeLessThanOrEqual(2_500n * 1_000n);
    expect(buy.filledQty).toBe(20);
    expect(depth().asks).toEqual([[100_500, 90]]);
  });

  it('are rejected with NO_LIQUIDITY when the other side is empty', () => {
    place('buy', 100_000, 10);
    expect(place('buy', 0, 10, { type: 'market' }).reason).toBe('NO_LIQUIDITY');
  });

  it('stop at a protection price: no ask above it for a buy, no bid below it for a sell; the rest expires', () => {
    place('sell', 100_000, 10, { owner: 2 });
    place('sell', 100_500, 10, { owner: 2 });
    place('sell', 110_000, 10, { owner: 2 });
    const buy = place('buy', 100_500, 40, { type: 'market' });
    expect(trades(buy).map(([, p, q]) => [p, q])).toEqual([
      [100_000, 10],
      [100_500, 10],
    ]);
    expect(buy.expiredQty).toBe(20);
    expect(buy.expireReason).toBe('UNFILLED');
    expect(depth().asks).toEqual([[110_000, 10]]);
    // A protection price is a bound, not a tick: 95_001 lets a sell take the bid at 100_000, not the one at 90_000.
    place('buy', 100_000, 10, { owner: 3 });
    place('buy', 90_000, 20, { owner: 3 });
    const sell = place('sell', 95_001, 30, { type: 'market' });
    expect(trades(sell).map(([, p, q]) => [p, q])).toEqual([[100_000, 10]]);
    expect(sell.expiredQty).toBe(20);
    expect(depth().bids).toEqual([[90_000, 20]]);
    // Beyond the best price already: nothing trades, the order expires whole.
    const none = place('sell', 95_000, 10, { type: 'market' });
    expect(none.fills).toEqual([]);
    expect(none.expiredQty).toBe(10);
    expect(place('sell', -5, 10, { type: 'market' }).reason).toBe('INVALID_PRICE');
  });

  it('spend a quote budget only up to the protection price', () => {
    place('sell', 100_000, 10, { owner: 2 });
    place('sell', 100_500, 100, { owner: 3 });
    const buy = copyReport(book.place({ ...order('buy', 100_499, 0, { type: 'market' }), quoteQty: 100_000, id: 99 }));
    expect(trades(buy).map(([, p, q]) => [p, q])).toEqual([[100_000, 10]]);
    expect(depth().asks).toEqual([[100_500, 100]]);
  });

  it('accept a quote budget only on buys', () => {
    place('buy', 100_000, 10, { owner: 2 });
    const sell = book.place({ ...order('sell', 0, 0, { type: 'market' }), quoteQty: 1_000 });
    expect(sell.reason).toBe('INVALID_QUANTITY');
  });
});

describe('IOC orders', () => {
  it('fill what crosses and expire the rest without resting', () => {
    place('sell', 100_000, 10, { owner: 2 });
    place('sell', 101_000, 10, { owner: 2 });
    const ioc = place('buy', 100_500, 30, { type: 'ioc' });
    expect(ioc.filledQty).toBe(10);
    expect(ioc.expiredQty).toBe(20);
    expect(ioc.restingQty).toBe(0);
    expect(depth()).toEqual({ bids: [], asks: [[101_000, 10]] });
  });

  it('expire entirely when nothing crosses', () => {
    place('sell', 101_000, 10, { owner: 2 });
    const ioc = place('buy', 100_000, 10, { type: 'ioc' });
    expect(ioc).toMatchObject({ accepted: true, filledQty: 0, expiredQty: 10, expireReason: 'UNFILLED' });
  });
});

describe('FOK orders', () => {
  it('fill completely across several levels', () => {
    place('sell', 100_000, 10, { owner: 2 });
    place('sell', 100_500, 20, { owner: 3 });
    const fok = place('buy', 100_500, 30, { type: 'fok' });
    expect(fok.filledQty).toBe(30);
    expect(book.bestAsk()).toBeUndefined();
  });

  it('are rejected with nothing changed when the book cannot fill them in full', () => {
    place('sell', 100_000, 10, { owner: 2 });
    place('sell', 101_000, 20, { owner: 3 });
    const before = book.restingOrders();
    const fok = place('buy', 100_500, 30, { type: 'fok' });
    expect(fok).toMatchObject({ accepted: false, reason: 'FOK_NOT_FILLED', fills: [] });
    expect(book.restingOrders()).toEqual(before);
  });

  it('count an own order that self-trade prevention would stop at as unfillable', () => {
    place('sell', 100_000, 10, { owner: 1 });
    place('sell', 100_000, 30, { owner: 2 });
    expect(place('buy', 100_000, 30, { type: 'fok', owner: 1, stp: 'cancel_taker' }).reason).toBe('FOK_NOT_FILLED');
    const fok = place('buy', 100_000, 30, { type: 'fok', owner: 1, stp: 'cancel_maker' });
    expect(fok.filledQty).toBe(30);
    expect(fok.stpRemoved.map((o) => o.owner)).toEqual([1]);
  });
});

describe('post-only orders', () => {
  it('rest when they would not take', () => {
    place('sell', 100_500, 10, { owner: 2 });
    const maker = place('buy', 100_000, 10, { type: 'post_only' });
    expect(maker.restingQty).toBe(10);
    expect(book.order(maker.orderId)?.postOnly).toBe(true);
  });

  it('are rejected with POST_ONLY_WOULD_TAKE when they would trade', () => {
    place('sell', 100_500, 10, { owner: 2 });
    const taker = place('buy', 100_500, 10, { type: 'post_only' });
    expect(taker).toMatchObject({ accepted: false, reason: 'POST_ONLY_WOULD_TAKE' });
    expect(depth()).toEqual({ bids: [], asks: [[100_500, 10]] });
  });
});

describe('self-trade prevention', () => {
  beforeEach(() => {
    place('sell', 100_000, 10, { owner: 7, id: 1001 });
    place('sell', 100_000, 10, { owner: 8, id: 1002 });
  });

  it('none: the owner trades with itself', () => {
    const taker = place('buy', 100_000, 10, { owner: 7, stp: 'none' });
    expect(trades(taker)).toEqual([[1001, 100_000, 10]]);
  });

  it('cancel_taker: the taker expires at its own order, which stays', () => {
    const taker = place('buy', 100_000, 20, { owner: 7, stp: 'cancel_taker' });
    expect(taker).toMatchObject({ filledQty: 0, expiredQty: 20, expireReason: 'SELF_TRADE', stpRemoved: [] });
    expect(book.order(1001)?.qty).toBe(10);
  });

  it('cancel_maker: the own order is removed and the taker trades on', () => {
    const taker = place('buy', 100_000, 20, { owner: 7, stp: 'cancel_maker' });
    expect(taker.stpRemoved).toEqual([{ id: 1001, owner: 7, side: 'sell', price: 100_000, qty: 10 }]);
    expect(trades(taker)).toEqual([[1002, 100_000, 10]]);
    expect(taker.restingQty).toBe(10);
  });

  it('cancel_both: the own order is removed and the taker expires', () => {
    const taker = place('buy', 100_000, 20, { owner: 7, stp: 'cancel_both' });
    expect(taker.stpRemoved.map((o) => o.id)).toEqual([1001]);
    expect(taker).toMatchObject({ filledQty: 0, expiredQty: 20, expireReason: 'SELF_TRADE' });
    expect(book.order(1002)?.qty).toBe(10);
  });
});

describe('cancel', () => {
  it('takes the order off and reports its open quantity', () => {
    const maker = place('buy', 100_000, 30);
    const cancel = book.cancel({ kind: 'cancel', id: maker.orderId });
    expect(cancel).toMatchObject({ accepted: true, cancelledQty: 30, owner: 1, side: 'buy', price: 100_000 });
    expect(book.size).toBe(0);
  });

  it('from the middle of a long queue keeps everyone else in order', () => {
    const ids = Array.from({ length: 1_000 }, () => place('buy', 100_000, 10).orderId);
    book.cancel({ kind: 'cancel', id: ids[500] as number });
    expect(book.restingOrders().map((o) => o.id)).toEqual(ids.filter((_, i) => i !== 500));
  });

  it('is rejected with ORDER_NOT_FOUND for an unknown or already filled order', () => {
    const maker = place('sell', 100_000, 10, { owner: 2 });
    place('buy', 100_000, 10);
    expect(book.cancel({ kind: 'cancel', id: maker.orderId }).reason).toBe('ORDER_NOT_FOUND');
    expect(book.cancel({ kind: 'cancel', id: 12345 }).reason).toBe('ORDER_NOT_FOUND');
  });
});

describe('move', () => {
  it('to a new price sends the order to the back of that queue', () => {
    const a = place('buy', 99_000, 20);
    const b = place('buy', 100_000, 10);
    const moved = copyReport(book.move({ kind: 'move', id: a.orderId, price: 100_000 }));
    expect(moved).toMatchObject({ accepted: true, price: 100_000, restingQty: 20 });
    expect(book.restingOrders().map((o) => o.id)).toEqual([b.orderId, a.orderId]);
  });

  it('to the same price changes nothing and keeps priority', () => {
    const a = place('buy', 100_000, 10);
    place('buy', 100_000, 10);
    book.move({ kind: 'move', id: a.orderId, price: 100_000 });
    expect(book.restingOrders()[0]?.id).toBe(a.orderId);
  });

  it('across the spread trades like a new order', () => {
    const ask = place('sell', 100_500, 10, { owner: 2 });
    const bid = place('buy', 100_000, 30);
    const moved = copyReport(book.move({ kind: 'move', id: bid.orderId, price: 101_000 }));
    expect(trades(moved)).toEqual([[ask.orderId, 100_500, 10]]);
    expect(moved.restingQty).toBe(20);
    expect(depth().bids).toEqual([[101_000, 20]]);
  });

  it('of a post-only order into the other side is rejected and leaves it in place', () => {
    place('sell', 100_500, 10, { owner: 2 });
    const maker = place('buy', 100_000, 10, { type: 'post_only' });
    expect(book.move({ kind: 'move', id: maker.orderId, price: 100_500 }).reason).toBe('POST_ONLY_WOULD_TAKE');
    expect(book.order(maker.orderId)?.price).toBe(100_000);
  });

  it('is rejected off the tick grid or for an unknown order', () => {
    const maker = place('buy', 100_000, 10);
    expect(book.move({ kind: 'move', id: maker.orderId, price: 100_001 }).reason).toBe('PRICE_TICK_INVALID');
    expect(book.move({ kind: 'move', id: 777, price: 100_000 }).reason).toBe('ORDER_NOT_FOUND');
  });
});

describe('reduce', () => {
  it('lowers the open quantity and keeps time priority', () => {
    const a = place('buy', 100_000, 30);
    const b = place('buy', 100_000, 10);
    const reduced = book.reduce({ kind: 'reduce', id: a.orderId, by: 20 });
    expect(reduced).toMatchObject({ accepted: true, cancelledQty: 20, restingQty: 10 });
    expect(book.restingOrders().map((o) => [o.id, o.qty])).toEqual([
      [a.orderId, 10],
      [b.orderId, 10],
    ]);
  });

  it('by the whole open quantity (or more) cancels the order', () => {
    const a = place('buy', 100_000, 30);
    expect(book.reduce({ kind: 'reduce', id: a.orderId, by: 50 })).toMatchObject({ cancelledQty: 30, restingQty: 0 });
    expect(book.size).toBe(0);
  });

  it('is rejected off the step grid', () => {
    const a = place('buy', 100_000, 30);
    expect(book.reduce({ kind: 'reduce', id: a.orderId, by: 15 }).reason).toBe('QUANTITY_STEP_INVALID');
    expect(book.reduce({ kind: 'reduce', id: a.orderId, by: 0 }).reason).toBe('INVALID_QUANTITY');
  });
});

describe('rejections', () => {
  it.each([
    ['PRICE_TICK_INVALID', () => place('buy', 100_001, 10)],
    ['QUANTITY_STEP_INVALID', () => place('buy', 100_000, 15)],
    ['BELOW_MIN_NOTIONAL', () => place('buy', 99_995, 10)], // 0.010 × 999.95 = 9.9995 < 10
    ['INVALID_QUANTITY', () => place('buy', 100_000, 0)],
    ['INVALID_QUANTITY', () => place('buy', 100_000, 10.5)],
    ['INVALID_QUANTITY', () => place('buy', 100_000, 2 ** 53)],
    ['INVALID_PRICE', () => place('buy', -5, 10)],
    ['INVALID_PRICE', () => place('buy', 0, 10)],
    ['INVALID_PARAMETER', () => place('buy', 100_000, 10, { owner: -1 })],
    ['INVALID_PARAMETER', () => copyReport(book.place({ ...order('buy', 100_000, 10), type: 'stop' as OrderType }))],
  ])('%s', (reason, act) => {
    const report = act();
    expect(report).toMatchObject({ accepted: false, reason, fills: [] });
    expect(book.size).toBe(0);
  });

  it('DUPLICATE_ID for an id that is resting', () => {
    place('buy', 100_000, 10, { id: 5 });
    expect(place('buy', 99_000, 10, { id: 5 }).reason).toBe('DUPLICATE_ID');
  });

  it('QUANTITY_TOO_LARGE when a level would hold more than 2^53 - 1 units', () => {
    place('buy', 100_000, 6_000_000_000_000_000);
    expect(place('buy', 100_000, 6_000_000_000_000_000).reason).toBe('QUANTITY_TOO_LARGE');
    expect(place('buy', 99_000, 6_000_000_000_000_000).accepted).toBe(true);
  });

  it('INVALID_PARAMETER for a command of unknown kind, as from a corrupted log', () => {
    const garbage = JSON.parse('{"kind":"teleport","id":1}') as Command;
    expect(book.apply(garbage)).toMatchObject({ accepted: false, reason: 'INVALID_PARAMETER' });
  });

  it('still take a sequence number, so a replayed log numbers commands the same', () => {
    const first = place('buy', 100_001, 10);
    const second = place('buy', 100_000, 10);
    expect(second.seq).toBe(first.seq + 1);
  });
});

describe('restore', () => {
  it('rebuilds queues in seq order whatever order the orders arrive in, without matching', () => {
    const restore = (id: number, seq: number, side: Side = 'buy', price = 100_000) =>
      book.restore({ kind: 'restore', id, owner: 1, side, price, qty: 10, seq, stp: 'none', postOnly: false });
    restore(3, 30);
    restore(1, 10);
    restore(2, 20);
    expect(book.restingOrders().map((o) => o.id)).toEqual([1, 2, 3]);
    expect(book.sequence).toBe(30);
    expect(restore(4, 40, 'sell', 100_000).reason).toBe('WOULD_CROSS');
    expect(place('sell', 100_500, 10).seq).toBe(31);
  });
});

describe('market data', () => {
  it('aggregates depth per price, best first, limited to N levels', () => {
    place('buy', 100_000, 10);
    place('buy', 100_000, 20);
    place('buy', 99_000, 10);
    place('sell', 101_000, 10);
    const d = book.depth(1);
    expect(d.bids).toEqual([{ price: 100_000, qty: 30, orders: 2 }]);
    expect(d.asks).toEqual([{ price: 101_000, qty: 10, orders: 1 }]);
    expect(d.seq).toBe(4);
  });

  it('reports each changed level once per drain, with chained sequence numbers', () => {
    place('buy', 100_000, 10);
    place('sell', 101_000, 10);
    const first = book.drainChangedLevels();
    expect(first).toEqual({
      fromSeq: 1,
      toSeq: 2,
      changes: [
        { side: 'buy', price: 100_000, qty: 10 },
        { side: 'sell', price: 101_000, qty: 10 },
      ],
    });
    const a = place('buy', 99_000, 20);
    book.cancel({ kind: 'cancel', id: a.orderId }); // appeared and vanished
    place('sell', 100_000, 10, { owner: 2 }); // fills the bid at 100_000
    const second = book.drainChangedLevels();
    expect(second.fromSeq).toBe(3);
    expect(second.toSeq).toBe(5);
    expect(second.changes).toEqual([
      { side: 'buy', price: 99_000, qty: 0 },
      { side: 'buy', price: 100_000, qty: 0 },
    ]);
    expect(book.drainChangedLevels().changes).toEqual([]);
  });

  it('reuses one report object: copy it to keep it', () => {
    const first = book.place(order('buy', 100_000, 10));
    const kept = copyReport(first);
    const second = book.place(order('buy', 99_000, 10));
    expect(second).toBe(first);
    expect(kept.price).toBe(100_000);
    expect(second.price).toBe(99_000);
  });
});
