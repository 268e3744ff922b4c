/**
 * A latency histogram that client processes fill and the coordinator merges: fixed 0.05 ms buckets up to 5 s (one
 * counter each, so adding a sample costs an increment), everything slower in one overflow bucket with its maximum.
 * Only the non-empty buckets cross the process boundary.
 */
export const BUCKET_MS = 0.05;
const BUCKETS = 100_000;

export interface HistogramData {
  /** [bucket index, count] for every non-empty bucket; the index BUCKETS is the overflow. */
  buckets: [number, number][];
  max: number;
  min: number;
}

export class Histogram {
  private readonly counts = new Uint32Array(BUCKETS + 1);
  private n = 0;
  private maxMs = 0;
  private minMs = Infinity;

  add(ms: number): void {
    const i = ms <= 0 ? 0 : Math.floor(ms / BUCKET_MS);
    const at = i < BUCKETS ? i : BUCKETS;
    this.counts[at] = (this.counts[at] as number) + 1;
    this.n++;
    if (ms > this.maxMs) this.maxMs = ms;
    if (ms < this.minMs) this.minMs = ms;
  }

  get count(): number {
    return this.n;
  }

  get max(): number {
    return this.maxMs;
  }

  get min(): number {
    return this.n === 0 ? 0 : this.minMs;
  }

  reset(): void {
    this.counts.fill(0);
    this.n = 0;
    this.maxMs = 0;
    this.minMs = Infinity;
  }

  toData(): HistogramData {
    const buckets: [number, number][] = [];
    for (let i = 0; i <= BUCKETS; i++) {
      const c = this.counts[i] as number;
      if (c > 0) buckets.push([i, c]);
    }
    return { buckets, max: this.maxMs, min: this.minMs };
  }

  merge(data: HistogramData): void {
    for (const [i, c] of data.buckets) {
      this.counts[i] = (this.counts[i] as number) + c;
      this.n += c;
    }
    if (data.buckets.length > 0) {
      this.maxMs = Math.max(this.maxMs, data.max);
      this.minMs = Math.min(this.minMs, data.min);
    }
  }

  /** The upper edge of the bucket holding the q-quantile (0 < q ≤ 1), so a figure is never flattering. */
  percentile(q: number): number {
    if (this.n === 0) return 0;
    const rank = Math.max(1, Math.ceil(q * this.n));
    let seen = 0;
    for (let i = 0; i <= BUCKETS; i++) {
      seen += this.counts[i] as number;
      if (seen >= rank) return i === BUCKETS ? this.maxMs : Math.min(this.maxMs, (i + 1) * BUCKET_MS);
    }
    return this.maxMs;
  }
}
