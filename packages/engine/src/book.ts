import { BookSide, OrderNode, type PriceLevel } from './ladder';
import { MarketRules } from './market';
import { OrderIndex } from './order-index';
import { MutableReport } from './report';
import type {
  CancelOrder,
  Command,
  Depth,
  DepthDiff,
  DepthLevel,
  ExecutionReport,
  LevelChange,
  MarketSpec,
  MoveOrder,
  PlaceOrder,
  ReduceOrder,
  RestingOrder,
  RestoreOrder,
  Side,
  StpMode,
} from './types';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function isPositive(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function isIdentifier(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function isSide(value: Side): boolean {
  return value === 'buy' || value === 'sell';
}

function isStpMode(value: StpMode): boolean {
  return value === 'none' || value === 'cancel_taker' || value === 'cancel_maker' || value === 'cancel_both';
}

export interface OrderBookOptions {
  /** Sequence number of the last command already applied, when resuming a book; default 0. */
  readonly sequence?: number;
  /**
   * Remember which price levels changed, for {@link OrderBook.drainChangedLevels}; default true. Turn it off when
   * nobody drains, or the list of changed levels grows until someone does.
   */
  readonly trackChanges?: boolean;
}

/**
 * One market's limit order book with price-time priority matching. Pure and deterministic: the same commands in
 * the same order give the same reports and the same book. Single-threaded by design, as every serious matching
 * core is; the caller serialises commands.
 *
 * Every command returns the book's single {@link ExecutionReport}, overwritten by the next command.
 */
export class OrderBook {
  readonly rules: MarketRules;
  private readonly bids: BookSide;
  private readonly asks: BookSide;
  private readonly orders = new OrderIndex<OrderNode>();
  /** Released nodes, chained through `next`: a steady flow of orders reuses nodes instead of allocating. */
  private freeNodes: OrderNode | null = null;
  private seq: number;
  private lastDrainSeq: number;
  private readonly trackChanges: boolean;
  /** Levels changed since the last drain: the first `changedCount` entries (the array is reused, never shrunk). */
  private readonly changed: PriceLevel[] = [];
  private changedCount = 0;
  /** Prices of removed levels already reported by the drain in progress, per side. */
  private readonly drainedBids = new Set<number>();
  private readonly drainedAsks = new Set<number>();
  private readonly report = new MutableReport();
  /** Set by the matching loops when self-trade prevention ended the taker. */
  private takerCancelled = false;
  private readonly qtyScaleFactor: bigint;

  constructor(spec: MarketSpec, options: OrderBookOptions = {}) {
    this.rules = new MarketRules(spec);
    this.seq = options.sequence ?? 0;
    if (!isIdentifier(this.seq)) throw new RangeError(`sequence must be a non-negative safe integer`);
    this.lastDrainSeq = this.seq;
    this.trackChanges = options.trackChanges ?? true;
    // Ghost levels are cleaned up by the drain, so they are only kept when someone drains.
    this.bids = new BookSide('buy', this.trackChanges);
    this.asks = new BookSide('sell', this.trackChanges);
    this.qtyScaleFactor = 10n ** BigInt(this.rules.qtyScale);
  }

  /** Sequence number of the last command applied. */
  get sequence(): number {
    return this.seq;
  }

  /** Number of resting orders. */
  get size(): number {
    return this.orders.size;
  }

  apply(command: Command): ExecutionReport {
    switch (command.kind) {
      case 'place':
        return this.place(command);
      case 'cancel':
        return this.cancel(command);
      case 'move':
        return this.move(command);
      case 'reduce':
        return this.reduce(command);
      case 'restore':
        return this.restore(command);
      default: {
        // Only reachable with data that bypassed the types, e.g. a corrupted log read from storage.
        const r = this.report;
        r.reset(++this.seq, 'place', 0);
        return r.reject('INVALID_PARAMETER');
      }
    }
  }

  place(command: PlaceOrder): ExecutionReport {
    const r = this.report;
    const { id, owner, side, type, price, qty, stp } = command;
    r.reset(++this.seq, 'place', id);
    this.takerCancelled = false;
    r.owner = owner;
    r.side = side;
    if (!isIdentifier(id) || !isIdentifier(owner) || !isSide(side) || !isStpMode(stp)) {
      return r.reject('INVALID_PARAMETER');
    }
    if (type === 'market') return this.placeMarket(command, r);
    if (type !== 'limit' && type !== 'ioc' && type !== 'fok' && type !== 'post_only') {
      return r.reject('INVALID_PARAMETER');
    }
    r.price = price;
    if (this.orders.get(id) !== undefined) return r.reject('DUPLICATE_ID');
    if (!isPositive(price)) return r.reject('INVALID_PRICE');
    if (price % this.rules.tickSize !== 0) return r.reject('PRICE_TICK_INVALID');
    if (!isPositive(qty) || command.quoteQty !== undefined) return r.reject('INVALID_QUANTITY');
    if (qty % this.rules.stepSize !== 0) return r.reject('QUANTITY_STEP_INVALID');
    if (!this.rules.meetsMinNotional(price, qty)) return r.reject('BELOW_MIN_NOTIONAL');

    const isBuy = side === 'buy';
    const best = (isBuy ? this.asks : this.bids).best();
    const crosses = best !== undefined && (isBuy ? price >= best.price : price <= best.price);

    if (type === 'ioc' || type === 'fok') {
      if (type === 'fok' && !(crosses && this.canFill(isBuy, price, qty, owner, stp))) {
        return r.reject('FOK_NOT_FILLED');
      }
      const remaining = crosses ? this.match(id, owner, isBuy, price, qty, stp, r) : qty;
      if (remaining > 0) this.expire(r, remaining);
      return r;
    }

    if (type === 'post_only' && crosses) return r.reject('POST_ONLY_WOULD_TAKE');
    const own = isBuy ? this.bids : this.asks;
    // Looked up before matching (which only touches the other side) so the overflow check can reject cleanly.
    const level = own.find(price);
    if (level !== undefined && level.total + qty > MAX_SAFE) return r.reject('QUANTITY_TOO_LARGE');
    const remaining = crosses ? this.match(id, owner, isBuy, price, qty, stp, r) : qty;
    if (remaining === 0) return r;
    if (this.takerCancelled) return this.expire(r, remaining);
    const node = this.acquireNode();
    node.id = id;
    node.owner = owner;
    node.side = side;
    node.price = price;
    node.qty = remaining;
    node.seq = this.seq;
    node.stp = stp;
    node.postOnly = type === 'post_only';
    this.rest(node, own, level);
    r.restingQty = remaining;
    return r;
  }

  cancel(command: CancelOrder): ExecutionReport {
    const r = this.report;
    r.reset(++this.seq, 'cancel', command.id);
    const node = this.orders.get(command.id);
    if (node === undefined) return r.reject('ORDER_NOT_FOUND');
    this.describe(r, node);
    r.cancelledQty = node.qty;
    this.removeResting(node);
    return r;
  }

  move(command: MoveOrder): ExecutionReport {
    const r = this.report;
    const { id, price } = command;
    r.reset(++this.seq, 'move', id);
    this.takerCancelled = false;
    if (!isPositive(price)) return r.reject('INVALID_PRICE');
    if (price % this.rules.tickSize !== 0) return r.reject('PRICE_TICK_INVALID');
    const node = this.orders.get(id);
    if (node === undefined) return r.reject('ORDER_NOT_FOUND');
    this.describe(r, node);
    if (price === node.price) {
      r.restingQty = node.qty;
      return r;
    }
    const isBuy = node.side === 'buy';
    const best = (isBuy ? this.asks : this.bids).best();
    const crosses = best !== undefined && (isBuy ? price >= best.price : price <= best.price);
    if (node.postOnly && crosses) return r.reject('POST_ONLY_WOULD_TAKE');
    const own = isBuy ? this.bids : this.asks;
    const target = own.find(price);
    if (target !== undefined && target.total + node.qty > MAX_SAFE) return r.reject('QUANTITY_TOO_LARGE');

    r.price = price;
    this.unlinkResting(node, own);
    const remaining = crosses ? this.match(id, node.owner, isBuy, price, node.qty, node.stp, r) : node.qty;
    if (remaining === 0 || this.takerCancelled) {
      if (remaining > 0) this.expire(r, remaining);
      this.orders.delete(id);
      this.releaseNode(node);
      return r;
    }
    node.price = price;
    node.qty = remaining;
    node.seq = this.seq;
    this.queue(node, own, target, false);
    r.restingQty = remaining;
    return r;
  }

  reduce(command: ReduceOrder): ExecutionReport {
    const r = this.report;
    const { id, by } = command;
    r.reset(++this.seq, 'reduce', id);
    if (!isPositive(by)) return r.reject('INVALID_QUANTITY');
    if (by % this.rules.stepSize !== 0) return r.reject('QUANTITY_STEP_INVALID');
    const node = this.orders.get(id);
    if (node === undefined) return r.reject('ORDER_NOT_FOUND');
    this.describe(r, node);
    if (by >= node.qty) {
      r.cancelledQty = node.qty;
      this.removeResting(node);
      return r;
    }
    const level = node.level as PriceLevel;
    node.qty -= by;
    level.total -= by;
    this.markChanged(level);
    r.cancelledQty = by;
    r.restingQty = node.qty;
    return r;
  }

  /** Rebuilds a resting order without matching; see {@link RestoreOrder}. Does not take a sequence number. */
  restore(command: RestoreOrder): ExecutionReport {
    const r = this.report;
    const { id, owner, side, price, qty, seq, stp } = command;
    r.reset(this.seq, 'restore', id);
    r.owner = owner;
    r.side = side;
    r.price = price;
    if (!isIdentifier(id) || !isIdentifier(owner) || !isIdentifier(seq) || !isSide(side) || !isStpMode(stp)) {
      return r.reject('INVALID_PARAMETER');
    }
    if (this.orders.get(id) !== undefined) return r.reject('DUPLICATE_ID');
    if (!isPositive(price)) return r.reject('INVALID_PRICE');
    if (price % this.rules.tickSize !== 0) return r.reject('PRICE_TICK_INVALID');
    if (!isPositive(qty)) return r.reject('INVALID_QUANTITY');
    if (qty % this.rules.stepSize !== 0) return r.reject('QUANTITY_STEP_INVALID');
    const isBuy = side === 'buy';
    const best = (isBuy ? this.asks : this.bids).best();
    if (best !== undefined && (isBuy ? price >= best.price : price <= best.price)) return r.reject('WOULD_CROSS');
    const own = isBuy ? this.bids : this.asks;
    const level = own.find(price);
    if (level !== undefined && level.total + qty > MAX_SAFE) return r.reject('QUANTITY_TOO_LARGE');

    const node = this.acquireNode();
    node.id = id;
    node.owner = owner;
    node.side = side;
    node.price = price;
    node.qty = qty;
    node.seq = seq;
    node.stp = stp;
    node.postOnly = command.postOnly === true;
    this.rest(node, own, level, true);
    if (seq > this.seq) this.seq = seq;
    r.seq = seq;
    r.restingQty = qty;
    return r;
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  /** Number of price levels with resting orders on one side. */
  levelCount(side: Side): number {
    return (side === 'buy' ? this.bids : this.asks).size;
  }

  /** Aggregated depth, best first, at most `levels` price levels per side. */
  depth(levels: number): Depth {
    return { seq: this.seq, bids: topLevels(this.bids, levels), asks: topLevels(this.asks, levels) };
  }

  /**
   * The price levels whose total changed since the last call, each once with its current quantity (0 if gone), in
   * the order they first changed. Costs O(changed levels), never a scan of the book.
   */
  drainChangedLevels(): DepthDiff {
    const changes: LevelChange[] = [];
    for (let i = 0; i < this.changedCount; i++) {
      const level = this.changed[i] as PriceLevel;
      level.dirty = false;
      if (level.live) {
        changes.push({ side: level.side, price: level.price, qty: level.total });
        continue;
      }
      // An emptied level is reported as 0 once per price, unless an order has come back to that price since (then
      // the level there is live, dirty, and reports itself). Only now is it unlinked and reused.
      const buy = level.side === 'buy';
      const side = buy ? this.bids : this.asks;
      const reported = buy ? this.drainedBids : this.drainedAsks;
      if (!reported.has(level.price)) {
        const current = side.find(level.price);
        if (current === undefined || !current.live) {
          reported.add(level.price);
          changes.push({ side: level.side, price: level.price, qty: 0 });
        }
      }
      if (level.onLadder) side.purge(level);
      side.recycle(level);
    }
    this.changedCount = 0;
    this.drainedBids.clear();
    this.drainedAsks.clear();
    const diff = { fromSeq: this.lastDrainSeq + 1, toSeq: this.seq, changes };
    this.lastDrainSeq = this.seq;
    return diff;
  }

  order(id: number): RestingOrder | undefined {
    const node = this.orders.get(id);
    return node === undefined ? undefined : toResting(node);
  }

  /** Every resting order: bids then asks, each best price first and in time priority within a price. */
  restingOrders(): RestingOrder[] {
    const out: RestingOrder[] = [];
    const collect = (level: PriceLevel): boolean => {
      for (let node = level.head; node !== null; node = node.next) out.push(toResting(node));
      return true;
    };
    this.bids.forEachFromBest(collect);
    this.asks.forEachFromBest(collect);
    return out;
  }

  // ---- matching ------------------------------------------------------------------------------------------------

  /**
   * Trades `qty` of an incoming order against the other side, best price first and oldest first within a price,
   * while prices cross `limit`. Returns the unfilled quantity; `takerCancelled` tells whether self-trade prevention
   * ended it early.
   */
  private match(
    id: number,
    owner: number,
    isBuy: boolean,
    limit: number,
    qty: number,
    stp: StpMode,
    r: MutableReport,
  ): number {
    const book = isBuy ? this.asks : this.bids;
    const takerSide: Side = isBuy ? 'buy' : 'sell';
    const stpOn = stp !== 'none';
    let remaining = qty;
    this.takerCancelled = false;
    while (remaining > 0) {
      const level = book.best();
      if (level === undefined || (isBuy ? level.price > limit : level.price < limit)) break;
      const totalBefore = level.total;
      let maker = level.head;
      while (maker !== null) {
        const next = maker.next;
        if (stpOn && maker.owner === owner) {
          if (stp !== 'cancel_taker') this.removeBySelfTrade(maker, level, r);
          if (stp !== 'cancel_maker') {
            this.takerCancelled = true;
            break;
          }
          maker = next;
          continue;
        }
        const q = remaining < maker.qty ? remaining : maker.qty;
        maker.qty -= q;
        level.total -= q;
        remaining -= q;
        this.recordFill(r, maker, id, owner, takerSide, q);
        if (maker.qty === 0) {
          level.unlink(maker);
          this.orders.delete(maker.id);
          this.releaseNode(maker);
        }
        if (remaining === 0) break;
        maker = next;
      }
      if (level.total !== totalBefore) this.markChanged(level);
      if (level.count === 0) this.dropLevel(book, level);
      if (this.takerCancelled) break;
    }
    r.filledQty += qty - remaining;
    return remaining;
  }

  /**
   * A market buy with a quote budget: takes whole steps, best price first, while the budget covers them. The budget
   * is tracked exactly in units of 10^-(priceScale + qtyScale) quote, where it can exceed 2^53, hence bigint.
   */
  private matchBudget(id: number, owner: number, budget: number, limit: number, stp: StpMode, r: MutableReport): void {
    const book = this.asks;
    const step = this.rules.stepSize;
    const stpOn = stp !== 'none';
    let left = BigInt(budget) * this.qtyScaleFactor;
    let exhausted = false;
    this.takerCancelled = false;
    while (!exhausted) {
      const level = book.best();
      if (level === undefined || level.price > limit) break;
      const price = BigInt(level.price);
      const totalBefore = level.total;
      let maker = level.head;
      while (maker !== null) {
        const next = maker.next;
        if (stpOn && maker.owner === owner) {
          if (stp !== 'cancel_taker') this.removeBySelfTrade(maker, level, r);
          if (stp !== 'cancel_maker') {
            this.takerCancelled = true;
            break;
          }
          maker = next;
          continue;
        }
        const affordable = left / price;
        let q = maker.qty;
        if (affordable < BigInt(q)) {
          // The budget runs out at this maker: after this fill not even one more step is affordable here or
          // at any later (higher) price.
          const units = Number(affordable);
          q = units - (units % step);
          exhausted = true;
          if (q === 0) break;
        }
        maker.qty -= q;
        level.total -= q;
        left -= price * BigInt(q);
        r.filledQty += q;
        this.recordFill(r, maker, id, owner, 'buy', q);
        if (maker.qty === 0) {
          level.unlink(maker);
          this.orders.delete(maker.id);
          this.releaseNode(maker);
        }
        if (exhausted) break;
        maker = next;
      }
      if (level.total !== totalBefore) this.markChanged(level);
      if (level.count === 0) this.dropLevel(book, level);
      if (this.takerCancelled) break;
    }
  }

  /** Whether a FOK order would fill completely, walking the book exactly as {@link match} would. */
  private canFill(isBuy: boolean, limit: number, qty: number, owner: number, stp: StpMode): boolean {
    let need = qty;
    let blocked = false;
    (isBuy ? this.asks : this.bids).forEachFromBest((level) => {
      if (isBuy ? level.price > limit : level.price < limit) return false;
      if (stp === 'none') {
        need -= Math.min(need, level.total);
        return need > 0;
      }
      for (let maker = level.head; maker !== null && need > 0; maker = maker.next) {
        if (maker.owner !== owner) need -= Math.min(need, maker.qty);
        // cancel_maker removes it and moves on; the other modes end the taker here.
        else if (stp !== 'cancel_maker') blocked = true;
        if (blocked) return false;
      }
      return need > 0;
    });
    return need === 0 && !blocked;
  }

  private placeMarket(command: PlaceOrder, r: MutableReport): ExecutionReport {
    const { id, owner, qty, quoteQty, stp, price: protection } = command;
    const isBuy = command.side === 'buy';
    if (this.orders.get(id) !== undefined) return r.reject('DUPLICATE_ID');
    if (protection !== 0 && !isPositive(protection)) return r.reject('INVALID_PRICE');
    if (quoteQty !== undefined) {
      if (!isBuy || qty !== 0 || !isPositive(quoteQty)) return r.reject('INVALID_QUANTITY');
      if (quoteQty < this.rules.minNotional) return r.reject('BELOW_MIN_NOTIONAL');
      if (this.asks.best() === undefined) return r.reject('NO_LIQUIDITY');
      this.matchBudget(id, owner, quoteQty, protection === 0 ? Infinity : protection, stp, r);
      if (this.takerCancelled) r.expireReason = 'SELF_TRADE';
      return r;
    }
    if (!isPositive(qty)) return r.reject('INVALID_QUANTITY');
    if (qty % this.rules.stepSize !== 0) return r.reject('QUANTITY_STEP_INVALID');
    if ((isBuy ? this.asks : this.bids).best() === undefined) return r.reject('NO_LIQUIDITY');
    const limit = isBuy ? (protection === 0 ? Infinity : protection) : protection;
    const remaining = this.match(id, owner, isBuy, limit, qty, stp, r);
    if (remaining > 0) this.expire(r, remaining);
    return r;
  }

  // ---- book keeping --------------------------------------------------------------------------------------------

  private expire(r: MutableReport, qty: number): MutableReport {
    r.expiredQty = qty;
    r.expireReason = this.takerCancelled ? 'SELF_TRADE' : 'UNFILLED';
    return r;
  }

  private recordFill(r: MutableReport, maker: OrderNode, id: number, owner: number, side: Side, qty: number): void {
    const fill = r.nextFill();
    fill.makerId = maker.id;
    fill.makerOwner = maker.owner;
    fill.takerId = id;
    fill.takerOwner = owner;
    fill.takerSide = side;
    fill.price = maker.price;
    fill.qty = qty;
    fill.makerRemaining = maker.qty;
  }

  private removeBySelfTrade(maker: OrderNode, level: PriceLevel, r: MutableReport): void {
    const removed = r.nextRemoved();
    removed.id = maker.id;
    removed.owner = maker.owner;
    removed.side = maker.side;
    removed.price = maker.price;
    removed.qty = maker.qty;
    level.unlink(maker);
    this.markChanged(level);
    this.orders.delete(maker.id);
    this.releaseNode(maker);
  }

  private describe(r: MutableReport, node: OrderNode): void {
    r.owner = node.owner;
    r.side = node.side;
    r.price = node.price;
  }

  /** Queues a new order at its price (at the back, or by seq when restoring) and indexes it. */
  private rest(node: OrderNode, own: BookSide, found: PriceLevel | undefined, bySeq = false): void {
    this.queue(node, own, found, bySeq);
    this.orders.add(node.id, node);
  }

  private queue(node: OrderNode, own: BookSide, found: PriceLevel | undefined, bySeq: boolean): void {
    // `found` and the side's search cursor come from a find() before matching, which never touches this side.
    const level = own.activate(found, node.price);
    if (bySeq) level.insertBySeq(node);
    else level.append(node);
    this.markChanged(level);
  }

  /** Takes the node off its level (dropping the level if it empties) but keeps it indexed. */
  private unlinkResting(node: OrderNode, own: BookSide): void {
    const level = node.level as PriceLevel;
    level.unlink(node);
    this.markChanged(level);
    if (level.count === 0) this.dropLevel(own, level);
  }

  private removeResting(node: OrderNode): void {
    this.unlinkResting(node, node.side === 'buy' ? this.bids : this.asks);
    this.orders.delete(node.id);
    this.releaseNode(node);
  }

  /** Takes an emptied level off its side; it is reused at once unless it still has to be reported as changed. */
  private dropLevel(side: BookSide, level: PriceLevel): void {
    side.remove(level);
    if (!level.dirty && !level.onLadder) side.recycle(level);
  }

  private markChanged(level: PriceLevel): void {
    if (this.trackChanges && !level.dirty) {
      level.dirty = true;
      this.changed[this.changedCount++] = level;
    }
  }

  private acquireNode(): OrderNode {
    const node = this.freeNodes;
    if (node === null) return new OrderNode();
    this.freeNodes = node.next;
    node.next = null;
    return node;
  }

  private releaseNode(node: OrderNode): void {
    node.prev = null;
    node.level = null;
    node.next = this.freeNodes;
    this.freeNodes = node;
  }
}

function topLevels(side: BookSide, count: number): DepthLevel[] {
  const out: DepthLevel[] = [];
  side.forEachFromBest((level) => {
    if (out.length >= count) return false;
    out.push({ price: level.price, qty: level.total, orders: level.count });
    return true;
  });
  return out;
}

function toResting(node: OrderNode): RestingOrder {
  return {
    id: node.id,
    owner: node.owner,
    side: node.side,
    price: node.price,
    qty: node.qty,
    seq: node.seq,
    stp: node.stp,
    postOnly: node.postOnly,
  };
}
