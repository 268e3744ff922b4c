import type { Depth, DepthFrame, DepthLevel } from '@bourse/contract';

/**
 * The local order book, kept the way Binance documents for its streams: start from a snapshot, apply the diffs that
 * continue from it, and fetch a fresh snapshot when a diff does not (a gap). A diff carries changed levels only, each
 * with its absolute quantity ("0" removes the level), and the sequence range `prevSeq → seq` it covers.
 */

/** What the pages draw: the best levels of each side, best first. */
export interface BookView {
  symbol: string;
  seq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

/** Canonical form of a non-negative decimal string ("0100.50" → "100.5"), so equal prices share one key. */
export function normalizeDecimal(value: string): string {
  const [int = '0', frac = ''] = value.trim().split('.');
  const i = int.replace(/^0+(?=\d)/, '') || '0';
  const f = frac.replace(/0+$/, '');
  return f === '' ? i : `${i}.${f}`;
}

/** Compares two non-negative decimal strings numerically, without floats. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = normalizeDecimal(a).split('.');
  const [bi = '0', bf = ''] = normalizeDecimal(b).split('.');
  if (ai.length !== bi.length) return ai.length - bi.length;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const x = af.padEnd(width, '0');
  const y = bf.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

function isZero(value: string): boolean {
  return !/[1-9]/.test(value);
}

export type DiffResult = 'applied' | 'stale' | 'gap';

/** One market's book: price → quantity per side, and the sequence it is at. */
export class LocalBook {
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();
  /** -1 until a snapshot arrived. */
  seq = -1;

  reset(snapshot: Pick<Depth, 'seq' | 'bids' | 'asks'>): void {
    this.bids.clear();
    this.asks.clear();
    this.seq = snapshot.seq;
    this.write(this.bids, snapshot.bids);
    this.write(this.asks, snapshot.asks);
  }

  /**
   * Applies a diff that continues the book: `prevSeq ≤ seq < diff.seq` (a diff may also cover changes the snapshot
   * already has — its quantities are absolute, so applying them again is harmless). An older diff is stale; one that
   * starts after the book's sequence means diffs were missed.
   */
  apply(diff: Pick<DepthFrame, 'seq' | 'prevSeq' | 'bids' | 'asks'>): DiffResult {
    if (this.seq < 0) return 'gap';
    if (diff.seq <= this.seq) return 'stale';
    if (diff.prevSeq > this.seq) return 'gap';
    this.write(this.bids, diff.bids);
    this.write(this.asks, diff.asks);
    this.seq = diff.seq;
    return 'applied';
  }

  view(symbol: string, limit: number): BookView {
    return { symbol, seq: this.seq, bids: best(this.bids, limit, -1), asks: best(this.asks, limit, 1) };
  }

  private write(side: Map<string, string>, levels: readonly DepthLevel[]): void {
    for (const [price, qty] of levels) {
      const key = normalizeDecimal(price);
      if (isZero(qty)) side.delete(key);
      else side.set(key, qty);
    }
  }
}

function best(side: Map<string, string>, limit: number, direction: 1 | -1): DepthLevel[] {
  return [...side.entries()]
    .sort(([a], [b]) => direction * compareDecimal(a, b))
    .slice(0, limit)
    .map(([price, qty]): DepthLevel => [price, qty]);
}

export interface DepthSyncDeps {
  /** The market whose frames this book takes (frames of another market are ignored). */
  symbol: string;
  /** A fresh snapshot at tick level (for spot `GET /api/common/getDepth`). */
  fetchSnapshot(): Promise<Depth>;
  /** Called with the book after every change. */
  publish(view: BookView): void;
  /** Levels per side in the published view. */
  levels?: number;
  /** Wait before fetching again after a snapshot that did not connect or a failed fetch. */
  retryDelayMs?: number;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/** Diffs kept while waiting for a snapshot; beyond this the oldest go (a snapshot will be newer than them anyway). */
const MAX_BUFFERED = 500;

/**
 * Keeps a {@link LocalBook} in step with a depth channel (`spot-depth`, or any product's channel that sends the same
 * frames). States: waiting (no snapshot yet: diffs are buffered), live (diffs applied as they come), resyncing (a gap
 * was seen: diffs are buffered while a snapshot is fetched; buffered diffs older than the snapshot are dropped and the
 * rest applied).
 */
export class DepthSync {
  private readonly book = new LocalBook();
  private state: 'waiting' | 'live' | 'resyncing' = 'waiting';
  private buffer: DepthFrame[] = [];
  /** Bumped on every snapshot and on dispose, so an answer to an older fetch is ignored. */
  private generation = 0;
  private timer: unknown = null;
  private disposed = false;
  /** How many snapshots were fetched because of gaps (for tests and diagnostics). */
  resyncs = 0;

  constructor(private readonly deps: DepthSyncDeps) {}

  get seq(): number {
    return this.book.seq;
  }

  get status(): 'waiting' | 'live' | 'resyncing' {
    return this.state;
  }

  /** A frame of the depth channel: the snapshot sent on subscribing, or a diff. */
  onFrame(frame: DepthFrame): void {
    if (this.disposed || frame.symbol !== this.deps.symbol) return;
    if (frame.type === 'snapshot') {
      // The channel's own snapshot is the truth, even with a lower sequence: a restarted server counts afresh.
      this.applySnapshot(frame, true);
      return;
    }
    if (this.state !== 'live') {
      this.keep(frame);
      return;
    }
    const result = this.book.apply(frame);
    if (result === 'applied') this.emit();
    else if (result === 'gap') {
      this.keep(frame);
      this.resync(0);
    }
  }

  /**
   * A snapshot from the channel (`authoritative`) or from `getDepth`. A `getDepth` snapshot older than the live book
   * is ignored; otherwise the book restarts from it and the buffered diffs that continue it are applied. Returns the
   * book as it now stands.
   */
  applySnapshot(snapshot: Pick<Depth, 'seq' | 'bids' | 'asks'>, authoritative = false): BookView {
    if (this.disposed) return this.currentView();
    if (!authoritative && this.state === 'live' && snapshot.seq <= this.book.seq) return this.currentView();
    this.generation++;
    this.cancelTimer();
    this.book.reset(snapshot);
    const pending = this.buffer.sort((a, b) => a.seq - b.seq);
    this.buffer = [];
    this.state = 'live';
    for (const diff of pending) {
      if (this.book.apply(diff) === 'gap') {
        // The snapshot is older than what is buffered: keep the rest and fetch again a little later.
        this.buffer = pending.filter((d) => d.seq >= diff.seq);
        this.state = 'resyncing';
        this.resync(this.deps.retryDelayMs ?? 1000);
        break;
      }
    }
    const view = this.currentView();
    this.deps.publish(view);
    return view;
  }

  dispose(): void {
    this.disposed = true;
    this.generation++;
    this.cancelTimer();
    this.buffer = [];
  }

  private currentView(): BookView {
    return this.book.view(this.deps.symbol, this.deps.levels ?? 50);
  }

  private emit(): void {
    this.deps.publish(this.currentView());
  }

  private keep(frame: DepthFrame): void {
    this.buffer.push(frame);
    if (this.buffer.length > MAX_BUFFERED) this.buffer.shift();
  }

  private resync(delayMs: number): void {
    this.state = 'resyncing';
    if (this.timer !== null) return;
    const start = () => {
      this.timer = null;
      const generation = ++this.generation;
      this.resyncs++;
      this.deps.fetchSnapshot().then(
        (depth) => {
          if (generation === this.generation && !this.disposed) this.applySnapshot(depth);
        },
        () => {
          if (generation === this.generation && !this.disposed) this.resync(this.deps.retryDelayMs ?? 1000);
        },
      );
    };
    if (delayMs <= 0) start();
    else this.timer = (this.deps.setTimer ?? setTimeout)(start, delayMs);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    (this.deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
  }
}
