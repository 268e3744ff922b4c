import type { Side, StpMode } from './types';

/**
 * A resting order: a node of its price level's intrusive doubly-linked queue, so it can be unlinked in O(1) from
 * anywhere in the queue. Nodes are pooled by the book and never leave the engine.
 */
export class OrderNode {
  id = 0;
  owner = 0;
  side: Side = 'buy';
  price = 0;
  qty = 0;
  seq = 0;
  stp: StpMode = 'none';
  postOnly = false;
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;
}

/** All orders resting at one price on one side, oldest first, with their running totals. */
export class PriceLevel {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  total = 0;
  count = 0;
  /** On the ladder (has orders). A dead level may linger in `byPrice` until its change is drained. */
  live = false;
  /** Queued in the book's changed-level list since the last drain. */
  dirty = false;

  constructor(
    readonly side: Side,
    readonly price: number,
  ) {}

  append(order: OrderNode): void {
    order.level = this;
    order.next = null;
    order.prev = this.tail;
    if (this.tail === null) this.head = order;
    else this.tail.next = order;
    this.tail = order;
    this.total += order.qty;
    this.count++;
  }

  /** Places the order after the last one with a lower seq (restore); O(1) when restored in seq order. */
  insertBySeq(order: OrderNode): void {
    let after = this.tail;
    while (after !== null && after.seq > order.seq) after = after.prev;
    if (after === this.tail) {
      this.append(order);
      return;
    }
    order.level = this;
    order.prev = after;
    const next = after === null ? this.head : after.next;
    order.next = next;
    if (after === null) this.head = order;
    else after.next = order;
    if (next !== null) next.prev = order;
    this.total += order.qty;
    this.count++;
  }

  unlink(order: OrderNode): void {
    const prev = order.prev;
    const next = order.next;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    order.prev = null;
    order.next = null;
    order.level = null;
    this.total -= order.qty;
    this.count--;
  }
}

/**
 * One side of the book: the live price levels in a plain array sorted worst → best, so the best level is the last
 * element (matching pops it in O(1)), plus a price → level map for O(1) lookup when an order rests.
 *
 * Creating or removing a level costs a binary search plus a memmove of the levels between it and the best price.
 * Activity concentrates at the top of the book, so that distance is short; a level far from the top costs more to
 * create, but those are rare. Orders within a level never cost more with depth: they live in the level's queue.
 */
export class BookSide {
  readonly levels: PriceLevel[] = [];
  readonly byPrice = new Map<number, PriceLevel>();

  constructor(readonly side: Side) {}

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  /**
   * Index at which a level with this price sits (or would be inserted) in `levels`. Bids ascend and asks descend
   * along the array, so "better" always means "further right".
   */
  private indexOf(price: number): number {
    const levels = this.levels;
    const buy = this.side === 'buy';
    let lo = 0;
    let hi = levels.length;
    // Most inserts land at or next to the best price: check the right end before bisecting.
    const top = levels[hi - 1];
    if (top === undefined || (buy ? price > top.price : price < top.price)) return hi;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = (levels[mid] as PriceLevel).price;
      if (buy ? p < price : p > price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The level for an order about to rest at `price`, given what `byPrice` held there (looked up once by the caller,
   * which needed it for its own checks): created if there was none, put back on the ladder if it had emptied.
   */
  activate(found: PriceLevel | undefined, price: number): PriceLevel {
    let level = found;
    if (level === undefined) {
      level = new PriceLevel(this.side, price);
      this.byPrice.set(price, level);
    }
    if (!level.live) this.insert(level);
    return level;
  }

  private insert(level: PriceLevel): void {
    level.live = true;
    const at = this.indexOf(level.price);
    if (at === this.levels.length) this.levels.push(level);
    else this.levels.splice(at, 0, level);
  }

  /** Takes an empty level off the ladder; it stays in `byPrice` if it still has to be reported as changed. */
  remove(level: PriceLevel): void {
    level.live = false;
    const levels = this.levels;
    if (levels[levels.length - 1] === level) levels.pop();
    else levels.splice(this.indexOf(level.price), 1);
    if (!level.dirty) this.byPrice.delete(level.price);
  }
}
