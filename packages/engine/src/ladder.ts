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
  side: Side = 'buy';
  price = 0;
  /** The ladder's sort key: higher is better on both sides (price for bids, -price for asks). */
  key = 0;
  /** Has orders (or is about to receive one). */
  live = false;
  /**
   * Physically in the ladder's arrays. An emptied level below the best stays there as a "ghost" (live = false)
   * until the next drain when changes are tracked, so an order returning to that price revives it in place.
   */
  onLadder = false;
  /** Queued in the book's changed-level list since the last drain. */
  dirty = false;

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

  /** Places the order after the last one with a lower or equal seq (restore); O(1) when restored in seq order. */
  insertBySeq(order: OrderNode): void {
    let after = this.tail;
    while (after !== null && after.seq > order.seq) after = after.prev;
    if (after === this.tail) {
      this.append(order);
      return;
    }
    const next = after === null ? this.head : after.next;
    order.level = this;
    order.prev = after;
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
 * Levels per chunk before a chunk splits. Small enough that shifting within a chunk is a few dozen moves, large
 * enough that a book of hundreds of prices is a handful of chunks.
 */
const CHUNK = 64;

/** A sorted run of levels with their keys alongside in a typed array, so a search never touches the levels. */
class Chunk {
  readonly keys = new Float64Array(CHUNK);
  readonly levels: PriceLevel[] = [];
}

/**
 * One side of the book: its price levels in ascending `key` order (worst → best), stored as a list of small sorted
 * chunks (a two-level B-tree in all but name). The best level is the last element of the last chunk, so matching
 * reads and pops it in O(1). Finding a price is a binary search over the chunks' top keys and then over one chunk's
 * keys; adding or removing a level shifts at most one chunk (≤ 64 slots), plus, when a chunk splits or empties,
 * the chunk list. So creating a level deep in a book of tens of thousands of prices costs about what it costs at
 * the top.
 *
 * With `keepGhosts` (the book tracks changes), a level emptied below the best is only marked dead: it is reported
 * and unlinked at the next drain ({@link purge}), and an order arriving at its price meanwhile revives it in place.
 * Prices flicker constantly (the last order leaves, another arrives), and this makes each flicker O(1). The best
 * level is never a ghost: emptying it pops it, and any ghosts it uncovers, at once.
 *
 * There is no price → level hash: the binary search is as fast at these sizes and spares a hash insert and delete
 * on every level created and removed.
 */
export class BookSide {
  private readonly chunks: Chunk[] = [];
  /** Each chunk's best key, contiguous, so the search over chunks never dereferences one. */
  private tops = new Float64Array(16);
  private levelCount = 0;
  /** Where the last {@link find} found its price or would insert it, kept valid across removals. */
  private cursorChunk = 0;
  private cursorIndex = 0;
  private cursorValid = false;
  /** Result of {@link locate}. */
  private foundChunk = 0;
  private foundIndex = 0;
  private readonly pool: PriceLevel[] = [];
  private readonly buy: boolean;

  constructor(
    readonly side: Side,
    private readonly keepGhosts: boolean,
  ) {
    this.buy = side === 'buy';
  }

  get size(): number {
    return this.levelCount;
  }

  best(): PriceLevel | undefined {
    const top = this.chunks[this.chunks.length - 1];
    return top === undefined ? undefined : top.levels[top.levels.length - 1];
  }

  /**
   * The level at `price` if it is on the ladder (live, or a ghost with no orders); remembers the position for a
   * following {@link activate}.
   */
  find(price: number): PriceLevel | undefined {
    const level = this.locate(this.buy ? price : -price);
    this.cursorChunk = this.foundChunk;
    this.cursorIndex = this.foundIndex;
    this.cursorValid = true;
    return level;
  }

  /** Sets foundChunk/foundIndex to where `key` is or would be inserted; returns the level if it is there. */
  private locate(key: number): PriceLevel | undefined {
    const chunks = this.chunks;
    const n = chunks.length;
    if (n === 0) {
      this.foundChunk = 0;
      this.foundIndex = 0;
      return undefined;
    }
    // The first chunk whose best key is ≥ key; most lookups are near the top, so try the last chunk first.
    let c = n - 1;
    if ((chunks[c] as Chunk).keys[0]! > key) {
      const tops = this.tops;
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (tops[mid]! < key) lo = mid + 1;
        else hi = mid;
      }
      c = lo;
    }
    const chunk = chunks[c] as Chunk;
    const keys = chunk.keys;
    let lo = 0;
    let hi = chunk.levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    this.foundChunk = c;
    this.foundIndex = lo;
    return lo < chunk.levels.length && keys[lo] === key ? chunk.levels[lo] : undefined;
  }

  /**
   * The level for an order about to rest at `price`, given what {@link find} returned for it: that level, or a new
   * one put on the ladder (at the remembered position unless a level was added since).
   */
  activate(found: PriceLevel | undefined, price: number): PriceLevel {
    // A ghost found earlier may have been popped since, uncovered by emptying the best level; it then waits for the
    // drain and cannot be revived, so a new level takes its place.
    if (found !== undefined && found.onLadder) {
      if (!found.live) {
        found.live = true;
        this.levelCount++;
      }
      return found;
    }
    if (!this.cursorValid) this.find(price);
    const level = this.pool.pop() ?? new PriceLevel();
    level.side = this.side;
    level.price = price;
    level.key = this.buy ? price : -price;
    level.live = true;
    level.onLadder = true;
    this.insertAtCursor(level);
    return level;
  }

  private insertAtCursor(level: PriceLevel): void {
    this.cursorValid = false;
    this.levelCount++;
    const chunks = this.chunks;
    if (chunks.length === 0) {
      const chunk = new Chunk();
      chunk.keys[0] = level.key;
      chunk.levels.push(level);
      chunks.push(chunk);
      this.tops[0] = level.key;
      return;
    }
    let c = this.cursorChunk;
    let chunk = chunks[c] as Chunk;
    let at = this.cursorIndex;
    if (chunk.levels.length >= CHUNK) {
      // Split in halves; a split of the top chunk leaves room at the top, where most new levels go.
      const half = CHUNK >> 1;
      const upper = new Chunk();
      upper.keys.set(chunk.keys.subarray(half, CHUNK));
      for (let i = half; i < CHUNK; i++) upper.levels.push(chunk.levels[i] as PriceLevel);
      chunk.levels.length = half;
      insertAt(chunks, c + 1, upper);
      this.insertTop(c + 1, upper.keys[CHUNK - half - 1]!);
      this.tops[c] = chunk.keys[half - 1]!;
      if (at > half) {
        at -= half;
        chunk = upper;
        c++;
      }
    }
    const keys = chunk.keys;
    const levels = chunk.levels;
    let i = levels.length;
    levels.push(level);
    while (i > at) {
      keys[i] = keys[i - 1]!;
      levels[i] = levels[i - 1] as PriceLevel;
      i--;
    }
    keys[at] = level.key;
    levels[at] = level;
    if (at === levels.length - 1) this.tops[c] = level.key;
  }

  private insertTop(at: number, key: number): void {
    const count = this.chunks.length;
    if (count > this.tops.length) {
      const grown = new Float64Array(this.tops.length * 2);
      grown.set(this.tops);
      this.tops = grown;
    }
    this.tops.copyWithin(at + 1, at, count - 1);
    this.tops[at] = key;
  }

  /**
   * An emptied level leaves the ladder: popped if it was the best (with any ghosts that uncovers), marked as a ghost
   * if ghosts are kept, otherwise unlinked. A pending {@link find} position stays valid throughout.
   */
  remove(level: PriceLevel): void {
    level.live = false;
    this.levelCount--;
    if (this.best() === level) {
      let top: PriceLevel | undefined = level;
      while (top !== undefined && !top.live) {
        const c = this.chunks.length - 1;
        this.unlinkAt(c, (this.chunks[c] as Chunk).levels.length - 1);
        top = this.best();
      }
    } else if (!this.keepGhosts) {
      this.purge(level);
    }
  }

  /** Unlinks a ghost (or any level below the best) from the ladder's arrays. */
  purge(level: PriceLevel): void {
    this.locate(level.key);
    this.unlinkAt(this.foundChunk, this.foundIndex);
  }

  private unlinkAt(c: number, at: number): void {
    const chunks = this.chunks;
    const chunk = chunks[c] as Chunk;
    const keys = chunk.keys;
    const levels = chunk.levels;
    (levels[at] as PriceLevel).onLadder = false;
    const last = levels.length - 1;
    for (let i = at; i < last; i++) {
      keys[i] = keys[i + 1]!;
      levels[i] = levels[i + 1] as PriceLevel;
    }
    levels.pop();
    if (last === 0) {
      removeAt(chunks, c);
      this.tops.copyWithin(c, c + 1, chunks.length + 1);
      if (this.cursorChunk > c) this.cursorChunk--;
      else if (this.cursorChunk === c) this.cursorValid = false;
    } else {
      if (at === last) this.tops[c] = keys[last - 1]!;
      if (this.cursorChunk === c && this.cursorIndex > at) this.cursorIndex--;
    }
  }

  /** Returns a removed level for reuse once nothing refers to it any more. */
  recycle(level: PriceLevel): void {
    level.head = null;
    level.tail = null;
    level.total = 0;
    level.count = 0;
    level.dirty = false;
    this.pool.push(level);
  }

  /** Calls `visit` on each live level from the best down until it returns false. */
  forEachFromBest(visit: (level: PriceLevel) => boolean): void {
    const chunks = this.chunks;
    for (let c = chunks.length - 1; c >= 0; c--) {
      const levels = (chunks[c] as Chunk).levels;
      for (let i = levels.length - 1; i >= 0; i--) {
        const level = levels[i] as PriceLevel;
        if (level.live && !visit(level)) return;
      }
    }
  }
}

/** In-place insert; a hand-written shift is faster than `splice`, which also allocates its result array. */
function insertAt<T>(array: T[], at: number, value: T): void {
  let i = array.length;
  array.push(value);
  while (i > at) {
    array[i] = array[i - 1] as T;
    i--;
  }
  array[at] = value;
}

function removeAt<T>(array: T[], at: number): void {
  const last = array.length - 1;
  for (let i = at; i < last; i++) array[i] = array[i + 1] as T;
  array.pop();
}
