/** Timing helpers: wall-clock loops for throughput, per-command hrtime for latency. */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  p9999: number;
  max: number;
  mean: number;
}

export function percentiles(samples: Float64Array): Percentiles {
  const sorted = samples.slice().sort();
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  let sum = 0;
  for (const s of sorted) sum += s;
  return {
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    p999: at(0.999),
    p9999: at(0.9999),
    max: sorted[sorted.length - 1] ?? 0,
    mean: sum / Math.max(1, sorted.length),
  };
}

/** Nanoseconds for `fn` to run once, by process.hrtime.bigint() around it. */
export function timeNs(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start);
}

/**
 * The cost of the latency probe itself: the median gap between two back-to-back process.hrtime.bigint() calls.
 * Per-command latencies include it once; it is printed so the reader can subtract it.
 */
export function timerOverheadNs(): number {
  const n = 200_000;
  const gaps = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = process.hrtime.bigint();
    gaps[i] = Number(process.hrtime.bigint() - a);
  }
  return percentiles(gaps).p50;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function formatRate(opsPerSecond: number): string {
  return opsPerSecond >= 1e6 ? `${(opsPerSecond / 1e6).toFixed(2)} M/s` : `${(opsPerSecond / 1e3).toFixed(0)} k/s`;
}

export function formatNs(ns: number): string {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e4 ? `${(ns / 1e3).toFixed(1)} µs` : `${Math.round(ns)} ns`;
}

/** A plain left/right-aligned text table. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * A full garbage collection before each timed run, so garbage left by generating flows and building books is not
 * collected inside someone else's timing. `npm run bench:engine` passes no node flags, hence exposing gc here.
 */
export const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  return typeof gc === 'function' ? () => void (gc as () => void)() : () => undefined;
})();

interface GcEvent {
  start: number;
  duration: number;
  major: boolean;
}

const gcEvents: GcEvent[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    // Node puts the GC kind in `detail`, which this @types/node version does not declare.
    const detail: unknown = Reflect.get(entry, 'detail');
    const kind = typeof detail === 'object' && detail !== null && 'kind' in detail ? detail.kind : undefined;
    // kind 1 is a scavenge (young generation); the others are mark-compact phases of the old generation.
    gcEvents.push({ start: entry.startTime, duration: entry.duration, major: kind !== 1 });
  }
}).observe({ entryTypes: ['gc'] });

export interface GcCount {
  minor: number;
  major: number;
  ms: number;
}

/** Garbage collections that started inside [from, to] (performance.now() times). */
export async function gcBetween(from: number, to: number): Promise<GcCount> {
  // The observer is told of collections asynchronously; let it catch up.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const inside = gcEvents.filter((e) => e.start >= from && e.start <= to);
  return {
    minor: inside.filter((e) => !e.major).length,
    major: inside.filter((e) => e.major).length,
    ms: inside.reduce((sum, e) => sum + e.duration, 0),
  };
}

export const now = (): number => performance.now();
