import type { PositionSide } from './position';

/**
 * Positions of one contract indexed by liquidation price, per side, so that a mark move visits only the positions
 * it crossed: longs are due when mark ≤ their liquidation price, shorts when mark ≥ it. Each side is a sorted
 * sequence of (price, id) kept in chunks of at most 128 entries (typed arrays), so
 * - a sweep walks from the dangerous end and stops at the first position not crossed: O(crossed);
 * - insert, update and delete cost a binary search over the chunks and one within a chunk, plus a shift of at most
 *   one chunk: O(log n + 128), no allocation but on a split.
 *
 * The index holds what the server computed last (`liquidationPrice` of each position in its pool); it must set a
 * position again whenever an input of that price changes: a fill, margin added or removed, funding or fees paid
 * from the pool, leverage — and for a cross account with positions on several contracts, the marks of its other
 * contracts. A position that no positive mark liquidates (null) is not indexed. The sweep is a filter: confirm each
 * id with the exact check (`planLiquidation`) before acting.
 *
 * Prices are stored as doubles: a liquidation price beyond 2^53 − 1 price units is stored as 2^53 − 1, which
 * preserves every comparison with a mark below that.
 */
export class LiquidationIndex {
  private readonly longs = new SortedKeys();
  private readonly shorts = new SortedKeys();
  private readonly keys = new Map<number, { side: PositionSide; price: number }>();

  get size(): number {
    return this.keys.size;
  }

  /** Indexes (or re-indexes) a position; null removes it. */
  set(id: number, side: PositionSide, price: bigint | null): void {
    if (!Number.isSafeInteger(id) || id < 0) throw new RangeError('index: id must be a non-negative safe integer');
    const old = this.keys.get(id);
    if (old !== undefined) {
      const key = toKey(price);
      if (price !== null && old.side === side && old.price === key) return;
      (old.side === 'long' ? this.longs : this.shorts).remove(old.price, id);
      this.keys.delete(id);
    }
    if (price === null) return;
    const key = toKey(price);
    (side === 'long' ? this.longs : this.shorts).insert(key, id);
    this.keys.set(id, { side, price: key });
  }

  delete(id: number): void {
    const old = this.keys.get(id);
    if (old === undefined) return;
    (old.side === 'long' ? this.longs : this.shorts).remove(old.price, id);
    this.keys.delete(id);
  }

  /**
   * Appends to `out` the ids the mark has reached — longs with liquidation price ≥ mark (highest first), then
   * shorts with liquidation price ≤ mark (lowest first) — and returns it.
   */
  crossed(mark: bigint, out: number[] = []): number[] {
    const m = toKey(mark);
    this.longs.fromTop(m, out);
    this.shorts.fromBottom(m, out);
    return out;
  }
}

function toKey(price: bigint | null): number {
  if (price === null) return 0;
  return price > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : price < 0n ? 0 : Number(price);
}

const CHUNK = 128;

class Chunk {
  readonly prices = new Float64Array(CHUNK);
  readonly ids = new Float64Array(CHUNK);
  n = 0;
}

/** (price, id) pairs in ascending order, in chunks. */
class SortedKeys {
  private chunks: Chunk[] = [];

  insert(price: number, id: number): void {
    if (this.chunks.length === 0) this.chunks.push(new Chunk());
    const ci = this.chunkFor(price, id);
    let chunk = this.chunks[ci] as Chunk;
    if (chunk.n === CHUNK) {
      const right = new Chunk();
      const half = CHUNK >> 1;
      right.prices.set(chunk.prices.subarray(half, CHUNK));
      right.ids.set(chunk.ids.subarray(half, CHUNK));
      right.n = CHUNK - half;
      chunk.n = half;
      this.chunks.splice(ci + 1, 0, right);
      if (less(chunk.prices[half - 1] as number, chunk.ids[half - 1] as number, price, id)) chunk = right;
    }
    let i = chunk.n;
    while (i > 0 && less(price, id, chunk.prices[i - 1] as number, chunk.ids[i - 1] as number)) {
      chunk.prices[i] = chunk.prices[i - 1] as number;
      chunk.ids[i] = chunk.ids[i - 1] as number;
      i--;
    }
    chunk.prices[i] = price;
    chunk.ids[i] = id;
    chunk.n++;
  }

  remove(price: number, id: number): void {
    const ci = this.chunkFor(price, id);
    const chunk = this.chunks[ci] as Chunk;
    let lo = 0;
    let hi = chunk.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (less(chunk.prices[mid] as number, chunk.ids[mid] as number, price, id)) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= chunk.n || chunk.prices[lo] !== price || chunk.ids[lo] !== id) throw new Error('index: key not found');
    chunk.prices.copyWithin(lo, lo + 1, chunk.n);
    chunk.ids.copyWithin(lo, lo + 1, chunk.n);
    chunk.n--;
    if (chunk.n === 0) this.chunks.splice(ci, 1);
  }

  /** Ids with price ≥ min, highest first. */
  fromTop(min: number, out: number[]): void {
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const chunk = this.chunks[c] as Chunk;
      for (let i = chunk.n - 1; i >= 0; i--) {
        if ((chunk.prices[i] as number) < min) return;
        out.push(chunk.ids[i] as number);
      }
    }
  }

  /** Ids with price ≤ max, lowest first. */
  fromBottom(max: number, out: number[]): void {
    for (const chunk of this.chunks) {
      for (let i = 0; i < chunk.n; i++) {
        if ((chunk.prices[i] as number) > max) return;
        out.push(chunk.ids[i] as number);
      }
    }
  }

  /** The first chunk whose last key is ≥ (price, id), or the last chunk. */
  private chunkFor(price: number, id: number): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = this.chunks[mid] as Chunk;
      if (less(c.prices[c.n - 1] as number, c.ids[c.n - 1] as number, price, id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function less(p1: number, id1: number, p2: number, id2: number): boolean {
  return p1 < p2 || (p1 === p2 && id1 < id2);
}
