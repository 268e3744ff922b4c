import type {
  Command,
  ExecutionReport,
  ExpireReason,
  Fill,
  MarketSpec,
  PlaceOrder,
  RejectReason,
  RemovedOrder,
  RestingOrder,
  Side,
  StpMode,
} from '../types';

/**
 * The obviously-correct book the engine is checked against: each side is one array kept sorted best-first by
 * re-sorting after every insert, matching walks it from index 0, FOK is decided by matching a copy and looking at
 * the result. Slow on purpose; nothing is shared with the engine but the types.
 */

interface Resting {
  id: number;
  owner: number;
  side: Side;
  price: number;
  qty: number;
  seq: number;
  stp: StpMode;
  postOnly: boolean;
}

interface Result {
  seq: number;
  command: Command['kind'];
  accepted: boolean;
  reason: RejectReason | null;
  orderId: number;
  owner: number;
  side: Side;
  price: number;
  filledQty: number;
  restingQty: number;
  expiredQty: number;
  expireReason: ExpireReason | null;
  cancelledQty: number;
  fills: Fill[];
  stpRemoved: RemovedOrder[];
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const SIDES: readonly string[] = ['buy', 'sell'];
const STP_MODES: readonly string[] = ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'];
const PRICED_TYPES: readonly string[] = ['limit', 'ioc', 'fok', 'post_only'];

const positive = (v: number): boolean => Number.isSafeInteger(v) && v > 0;
const identifier = (v: number): boolean => Number.isSafeInteger(v) && v >= 0;

function byPriority(side: Side) {
  return (a: Resting, b: Resting): number => (side === 'buy' ? b.price - a.price : a.price - b.price) || a.seq - b.seq;
}

export class ReferenceBook {
  seq = 0;
  bids: Resting[] = [];
  asks: Resting[] = [];

  constructor(readonly spec: MarketSpec) {}

  apply(command: Command): ExecutionReport {
    switch (command.kind) {
      case 'place':
        return this.place(command);
      case 'cancel': {
        const r = this.result(++this.seq, 'cancel', command.id);
        const order = this.find(command.id);
        if (order === undefined) return reject(r, 'ORDER_NOT_FOUND');
        describe(r, order);
        r.cancelledQty = order.qty;
        this.remove(order);
        return r;
      }
      case 'move':
        return this.move(command.id, command.price);
      case 'reduce': {
        const r = this.result(++this.seq, 'reduce', command.id);
        if (!positive(command.by)) return reject(r, 'INVALID_QUANTITY');
        if (command.by % this.spec.stepSize !== 0) return reject(r, 'QUANTITY_STEP_INVALID');
        const order = this.find(command.id);
        if (order === undefined) return reject(r, 'ORDER_NOT_FOUND');
        describe(r, order);
        const taken = Math.min(command.by, order.qty);
        order.qty -= taken;
        r.cancelledQty = taken;
        r.restingQty = order.qty;
        if (order.qty === 0) this.remove(order);
        return r;
      }
      case 'restore': {
        const c = command;
        const r = this.result(this.seq, 'restore', c.id);
        r.owner = c.owner;
        r.side = c.side;
        r.price = c.price;
        if (
          !identifier(c.id) ||
          !identifier(c.owner) ||
          !identifier(c.seq) ||
          !SIDES.includes(c.side) ||
          !STP_MODES.includes(c.stp)
        ) {
          return reject(r, 'INVALID_PARAMETER');
        }
        if (this.find(c.id) !== undefined) return reject(r, 'DUPLICATE_ID');
        if (!positive(c.price)) return reject(r, 'INVALID_PRICE');
        if (c.price % this.spec.tickSize !== 0) return reject(r, 'PRICE_TICK_INVALID');
        if (!positive(c.qty)) return reject(r, 'INVALID_QUANTITY');
        if (c.qty % this.spec.stepSize !== 0) return reject(r, 'QUANTITY_STEP_INVALID');
        if (this.crosses(c.side, c.price)) return reject(r, 'WOULD_CROSS');
        if (this.levelTotal(c.side, c.price) + c.qty > MAX_SAFE) return reject(r, 'QUANTITY_TOO_LARGE');
        const { id, owner, side, price, qty, seq, stp } = c;
        this.insert({ id, owner, side, price, qty, seq, stp, postOnly: c.postOnly === true });
        this.seq = Math.max(this.seq, c.seq);
        r.seq = c.seq;
        r.restingQty = c.qty;
        return r;
      }
    }
  }

  /** The live orders, uncopied: for the flow generator, which only reads them. */
  view(): readonly RestingOrder[] {
    return this.bids.concat(this.asks);
  }

  restingOrders(): RestingOrder[] {
    return [...this.bids, ...this.asks].map((o) => ({ ...o }));
  }

  depth(): { bids: [number, number][]; asks: [number, number][] } {
    const aggregate = (orders: Resting[]): [number, number][] => {
      const out: [number, number][] = [];
      for (const o of orders) {
        const last = out[out.length - 1];
        if (last !== undefined && last[0] === o.price) last[1] += o.qty;
        else out.push([o.price, o.qty]);
      }
      return out;
    };
    return { bids: aggregate(this.bids), asks: aggregate(this.asks) };
  }

  private place(c: PlaceOrder): ExecutionReport {
    const r = this.result(++this.seq, 'place', c.id);
    r.owner = c.owner;
    r.side = c.side;
    if (!identifier(c.id) || !identifier(c.owner) || !SIDES.includes(c.side) || !STP_MODES.includes(c.stp)) {
      return reject(r, 'INVALID_PARAMETER');
    }
    if (c.type === 'market') return this.market(c, r);
    if (!PRICED_TYPES.includes(c.type)) return reject(r, 'INVALID_PARAMETER');
    r.price = c.price;
    if (this.find(c.id) !== undefined) return reject(r, 'DUPLICATE_ID');
    if (!positive(c.price)) return reject(r, 'INVALID_PRICE');
    if (c.price % this.spec.tickSize !== 0) return reject(r, 'PRICE_TICK_INVALID');
    if (!positive(c.qty) || c.quoteQty !== undefined) return reject(r, 'INVALID_QUANTITY');
    if (c.qty % this.spec.stepSize !== 0) return reject(r, 'QUANTITY_STEP_INVALID');
    if (BigInt(c.price) * BigInt(c.qty) < BigInt(this.spec.minNotional) * 10n ** BigInt(this.spec.qtyScale)) {
      return reject(r, 'BELOW_MIN_NOTIONAL');
    }
    const crosses = this.crosses(c.side, c.price);
    if (c.type === 'fok') {
      const trial = this.clone();
      const outcome = trial.match(c.id, c.owner, c.side, c.price, c.qty, c.stp, this.result(0, 'place', c.id));
      if (outcome.remaining > 0) return reject(r, 'FOK_NOT_FILLED');
    }
    if (c.type === 'post_only' && crosses) return reject(r, 'POST_ONLY_WOULD_TAKE');
    if ((c.type === 'limit' || c.type === 'post_only') && this.levelTotal(c.side, c.price) + c.qty > MAX_SAFE) {
      return reject(r, 'QUANTITY_TOO_LARGE');
    }
    const { remaining, killed } = this.match(c.id, c.owner, c.side, c.price, c.qty, c.stp, r);
    if (remaining > 0) {
      if (killed || c.type === 'ioc' || c.type === 'fok') {
        r.expiredQty = remaining;
        r.expireReason = killed ? 'SELF_TRADE' : 'UNFILLED';
      } else {
        this.insert({ ...this.restingFrom(c), qty: remaining, seq: this.seq, postOnly: c.type === 'post_only' });
        r.restingQty = remaining;
      }
    }
    return r;
  }

  private market(c: PlaceOrder, r: Result): ExecutionReport {
    if (this.find(c.id) !== undefined) return reject(r, 'DUPLICATE_ID');
    if (c.price !== 0 && !positive(c.price)) return reject(r, 'INVALID_PRICE');
    const opposite = c.side === 'buy' ? this.asks : this.bids;
    if (c.quoteQty !== undefined) {
      if (c.side !== 'buy' || c.qty !== 0 || !positive(c.quoteQty)) return reject(r, 'INVALID_QUANTITY');
      if (c.quoteQty < this.spec.minNotional) return reject(r, 'BELOW_MIN_NOTIONAL');
      if (opposite.length === 0) return reject(r, 'NO_LIQUIDITY');
      this.spend(c, r);
      return r;
    }
    if (!positive(c.qty)) return reject(r, 'INVALID_QUANTITY');
    if (c.qty % this.spec.stepSize !== 0) return reject(r, 'QUANTITY_STEP_INVALID');
    if (opposite.length === 0) return reject(r, 'NO_LIQUIDITY');
    // A protection price bounds a market order like a limit; 0 is none.
    const limit = c.side === 'buy' ? c.price || Infinity : c.price;
    const { remaining, killed } = this.match(c.id, c.owner, c.side, limit, c.qty, c.stp, r);
    if (remaining > 0) {
      r.expiredQty = remaining;
      r.expireReason = killed ? 'SELF_TRADE' : 'UNFILLED';
    }
    return r;
  }

  private move(id: number, price: number): ExecutionReport {
    const r = this.result(++this.seq, 'move', id);
    if (!positive(price)) return reject(r, 'INVALID_PRICE');
    if (price % this.spec.tickSize !== 0) return reject(r, 'PRICE_TICK_INVALID');
    const order = this.find(id);
    if (order === undefined) return reject(r, 'ORDER_NOT_FOUND');
    describe(r, order);
    if (price === order.price) {
      r.restingQty = order.qty;
      return r;
    }
    const crosses = this.crosses(order.side, price);
    if (order.postOnly && crosses) return reject(r, 'POST_ONLY_WOULD_TAKE');
    if (this.levelTotal(order.side, price) + order.qty > MAX_SAFE) return reject(r, 'QUANTITY_TOO_LARGE');
    r.price = price;
    this.remove(order);
    const { remaining, killed } = this.match(id, order.owner, order.side, price, order.qty, order.stp, r);
    if (remaining > 0) {
      if (killed) {
        r.expiredQty = remaining;
        r.expireReason = 'SELF_TRADE';
      } else {
        this.insert({ ...order, price, qty: remaining, seq: this.seq });
        r.restingQty = remaining;
      }
    }
    return r;
  }

  /** Matching against the opposite side, walked from index 0 (best) while prices cross `limit`. */
  private match(
    id: number,
    owner: number,
    side: Side,
    limit: number,
    qty: number,
    stp: StpMode,
    r: Result,
  ): { remaining: number; killed: boolean } {
    const opposite = side === 'buy' ? this.asks : this.bids;
    let remaining = qty;
    while (remaining > 0 && opposite.length > 0) {
      const maker = opposite[0] as Resting;
      if (side === 'buy' ? maker.price > limit : maker.price < limit) break;
      if (stp !== 'none' && maker.owner === owner) {
        if (stp === 'cancel_taker') return { remaining, killed: true };
        opposite.shift();
        r.stpRemoved.push({ id: maker.id, owner: maker.owner, side: maker.side, price: maker.price, qty: maker.qty });
        if (stp === 'cancel_both') return { remaining, killed: true };
        continue;
      }
      const q = Math.min(remaining, maker.qty);
      maker.qty -= q;
      remaining -= q;
      r.filledQty += q;
      r.fills.push(fill(maker, id, owner, side, q));
      if (maker.qty === 0) opposite.shift();
    }
    return { remaining, killed: false };
  }

  /** A market buy with a quote budget, tracked in units of 10^-(priceScale + qtyScale). */
  private spend(c: PlaceOrder, r: Result): void {
    let left = BigInt(c.quoteQty ?? 0) * 10n ** BigInt(this.spec.qtyScale);
    const step = BigInt(this.spec.stepSize);
    while (this.asks.length > 0) {
      const maker = this.asks[0] as Resting;
      if (c.price !== 0 && maker.price > c.price) return;
      if (c.stp !== 'none' && maker.owner === c.owner) {
        if (c.stp === 'cancel_taker') {
          r.expireReason = 'SELF_TRADE';
          return;
        }
        this.asks.shift();
        r.stpRemoved.push({ id: maker.id, owner: maker.owner, side: maker.side, price: maker.price, qty: maker.qty });
        if (c.stp === 'cancel_both') {
          r.expireReason = 'SELF_TRADE';
          return;
        }
        continue;
      }
      const affordableSteps = left / BigInt(maker.price) / step;
      const q = Math.min(maker.qty, Number(affordableSteps * step));
      if (q === 0) return;
      left -= BigInt(maker.price) * BigInt(q);
      maker.qty -= q;
      r.filledQty += q;
      r.fills.push(fill(maker, c.id, c.owner, 'buy', q));
      if (maker.qty === 0) this.asks.shift();
    }
  }

  private crosses(side: Side, price: number): boolean {
    const best = (side === 'buy' ? this.asks : this.bids)[0];
    return best !== undefined && (side === 'buy' ? price >= best.price : price <= best.price);
  }

  private levelTotal(side: Side, price: number): number {
    return (side === 'buy' ? this.bids : this.asks).filter((o) => o.price === price).reduce((s, o) => s + o.qty, 0);
  }

  private find(id: number): Resting | undefined {
    return this.bids.find((o) => o.id === id) ?? this.asks.find((o) => o.id === id);
  }

  private insert(order: Resting): void {
    const list = order.side === 'buy' ? this.bids : this.asks;
    list.push(order);
    list.sort(byPriority(order.side));
  }

  private remove(order: Resting): void {
    const list = order.side === 'buy' ? this.bids : this.asks;
    list.splice(list.indexOf(order), 1);
  }

  private restingFrom(c: PlaceOrder): Resting {
    return {
      id: c.id,
      owner: c.owner,
      side: c.side,
      price: c.price,
      qty: c.qty,
      seq: this.seq,
      stp: c.stp,
      postOnly: false,
    };
  }

  private clone(): ReferenceBook {
    const copy = new ReferenceBook(this.spec);
    copy.seq = this.seq;
    copy.bids = this.bids.map((o) => ({ ...o }));
    copy.asks = this.asks.map((o) => ({ ...o }));
    return copy;
  }

  private result(seq: number, command: Command['kind'], orderId: number): Result {
    return {
      seq,
      command,
      accepted: true,
      reason: null,
      orderId,
      owner: 0,
      side: 'buy',
      price: 0,
      filledQty: 0,
      restingQty: 0,
      expiredQty: 0,
      expireReason: null,
      cancelledQty: 0,
      fills: [],
      stpRemoved: [],
    };
  }
}

function reject(r: Result, reason: RejectReason): Result {
  r.accepted = false;
  r.reason = reason;
  return r;
}

function describe(r: Result, order: Resting): void {
  r.owner = order.owner;
  r.side = order.side;
  r.price = order.price;
}

function fill(maker: Resting, takerId: number, takerOwner: number, takerSide: Side, qty: number): Fill {
  return {
    makerId: maker.id,
    makerOwner: maker.owner,
    takerId,
    takerOwner,
    takerSide,
    makerSide: maker.side,
    price: maker.price,
    qty,
    quote: BigInt(maker.price) * BigInt(qty),
    makerRemaining: maker.qty,
  };
}
