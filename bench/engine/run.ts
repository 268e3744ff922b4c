/**
 * Matching-engine benchmark: `npm run bench:engine` (add `-- --quick` for a 10% smoke run).
 *
 * Flows (all seeded, generated before any timing):
 * 1. exchange-core mix: the shape of exchange-core's published benchmark (9% GTC, 3% IOC, 6% cancel, 82% move;
 *    ~1,000 resting orders over hundreds of prices), 3M commands.
 * 2. placement-heavy mix: mostly GTC with cancels, moves and some IOC, 2M commands.
 * 3. deep book, top-of-book activity: 1M resting orders 600–20,600 ticks off the middle, then the exchange-core mix
 *    near the middle. Shows whether a deep book slows the flow at the top.
 * 4. deep book, activity anywhere: 1M resting orders, and the mix's cancels and moves pick uniformly among all of
 *    them: a cache-hostile stress case.
 * 5. one stacked level: 20,000 and 200,000 orders at a single price, cancelled in random order
 *    (nodejs-order-book: the first 2,000 of 20,000, as its cancel is linear in the level's size).
 * Flows 1, 2 and 5 also run through nodejs-order-book in the same process; for 1 and 2 both books' final depth is
 * compared to show they did the same work.
 *
 * How it measures: throughput = commands / wall time of a plain loop over the pre-built command array on a fresh
 * book, after a warm-up run and a forced full GC; best and median of several runs. The CPU time of the process over
 * the same loop is shown too: on this shared 2-core machine other work steals the core, and commands per CPU-second
 * is what one idle core would give. Latency = process.hrtime.bigint() around each single command in a separate run
 * (the timer's own cost, printed, is in every sample). Our loops drain the changed-level list every 16,384
 * commands, as a depth publisher would (more often than a 10–20 Hz publisher at these rates), so change tracking is
 * paid for.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { OrderBook, type Command } from '@bourse/engine';
import { BENCH_SPEC, generateMix, prng, type Flow, type MixOptions } from './flows';
import {
  collectGarbage,
  formatNs,
  gcBetween,
  now,
  formatRate,
  median,
  percentiles,
  table,
  timerOverheadNs,
  type Percentiles,
} from './measure';
import { NobBook, nobDepth, runNob, toNob, type NobCommand } from './nob';

const quick = process.argv.includes('--quick');
const scale = quick ? 0.1 : 1;
const RUNS = quick ? 2 : 5;
const NOB_RUNS = quick ? 1 : 5;
const DRAIN_EVERY = 16_384;

interface Timing {
  wallNs: number;
  cpuNs: number;
  /** performance.now() at start and end, to attribute garbage collections to the run. */
  from: number;
  to: number;
}

function timed(fn: () => void): Timing {
  collectGarbage();
  const cpu = process.cpuUsage();
  const from = now();
  const start = process.hrtime.bigint();
  fn();
  const wallNs = Number(process.hrtime.bigint() - start);
  const to = now();
  const used = process.cpuUsage(cpu);
  return { wallNs, cpuNs: (used.user + used.system) * 1000, from, to };
}

function freshBook(flow: Flow): OrderBook {
  const book = new OrderBook(BENCH_SPEC);
  for (const command of flow.setup) book.apply(command);
  book.drainChangedLevels();
  return book;
}

function runOurs(book: OrderBook, commands: readonly Command[]): void {
  for (let i = 0; i < commands.length; i++) {
    book.apply(commands[i] as Command);
    if (i % DRAIN_EVERY === DRAIN_EVERY - 1) book.drainChangedLevels();
  }
}

function latenciesOurs(book: OrderBook, commands: readonly Command[]): Float64Array {
  const samples = new Float64Array(commands.length);
  collectGarbage();
  for (let i = 0; i < commands.length; i++) {
    const command = commands[i] as Command;
    const start = process.hrtime.bigint();
    book.apply(command);
    samples[i] = Number(process.hrtime.bigint() - start);
    if (i % DRAIN_EVERY === DRAIN_EVERY - 1) book.drainChangedLevels();
  }
  return samples;
}

function latenciesNob(book: NobBook, commands: readonly NobCommand[]): Float64Array {
  const samples = new Float64Array(commands.length);
  const one: NobCommand[] = [];
  collectGarbage();
  for (let i = 0; i < commands.length; i++) {
    one[0] = commands[i] as NobCommand;
    const start = process.hrtime.bigint();
    runNob(book, one);
    samples[i] = Number(process.hrtime.bigint() - start);
  }
  return samples;
}

interface Throughput {
  best: number;
  median: number;
  /** Commands per CPU-second, best run. */
  cpuBest: number;
  runs: number[];
  /** Garbage collections per million commands over all timed runs: young-generation, old-generation, pause ms. */
  gcPerMillion: { minor: number; major: number; ms: number };
}

async function throughput(count: number, runs: number, once: () => Timing): Promise<Throughput> {
  const rates: number[] = [];
  const cpuRates: number[] = [];
  const gc = { minor: 0, major: 0, ms: 0 };
  for (let i = 0; i < runs; i++) {
    const t = once();
    rates.push(count / (t.wallNs / 1e9));
    cpuRates.push(count / (t.cpuNs / 1e9));
    const seen = await gcBetween(t.from, t.to);
    gc.minor += seen.minor;
    gc.major += seen.major;
    gc.ms += seen.ms;
  }
  const perMillion = 1e6 / (count * runs);
  return {
    best: Math.max(...rates),
    median: median(rates),
    cpuBest: Math.max(...cpuRates),
    runs: rates,
    gcPerMillion: { minor: gc.minor * perMillion, major: gc.major * perMillion, ms: gc.ms * perMillion },
  };
}

function sameDepth(book: OrderBook, nob: NobBook): boolean {
  const ours = book.depth(Number.MAX_SAFE_INTEGER);
  const theirs = nobDepth(nob);
  const flat = (levels: { price: number; qty: number }[]): string => levels.map((l) => `${l.price}:${l.qty}`).join();
  const flatPairs = (levels: [number, number][]): string => levels.map(([p, q]) => `${p}:${q}`).join();
  return flat(ours.bids) === flatPairs(theirs.bids) && flat(ours.asks) === flatPairs(theirs.asks);
}

interface Result {
  name: string;
  commands: number;
  ours: Throughput;
  oursLatency: Percentiles;
  nob?: Throughput;
  nobLatency?: Percentiles;
  booksAgree?: boolean;
  stats?: Flow['stats'];
}

function log(message: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

async function benchFlow(name: string, flow: Flow, compare: boolean): Promise<Result> {
  const commands = flow.commands;
  log(`${name}: warm-up`);
  // Two passes: the first compiles, the second lets the optimising tier settle on the steady-state shapes.
  runOurs(freshBook(flow), commands);
  runOurs(freshBook(flow), commands);
  const ours = await throughput(commands.length, RUNS, () => {
    const book = freshBook(flow);
    return timed(() => runOurs(book, commands));
  });
  log(
    `${name}: ours ${formatRate(ours.best)} best, ${formatRate(ours.median)} median, ${formatRate(ours.cpuBest)}/CPU-s`,
  );
  const oursLatency = percentiles(latenciesOurs(freshBook(flow), commands));
  const result: Result = { name, commands: commands.length, ours, oursLatency, stats: flow.stats };
  if (!compare) return result;

  const nobCommands = toNob(commands);
  log(`${name}: nodejs-order-book warm-up`);
  runNob(new NobBook(), nobCommands.slice(0, Math.floor(nobCommands.length / 2)));
  let lastNob = new NobBook();
  result.nob = await throughput(commands.length, NOB_RUNS, () => {
    lastNob = new NobBook();
    const book = lastNob;
    return timed(() => runNob(book, nobCommands));
  });
  log(`${name}: nodejs-order-book ${formatRate(result.nob.best)} best`);
  result.nobLatency = percentiles(latenciesNob(new NobBook(), nobCommands));
  const check = freshBook(flow);
  runOurs(check, commands);
  result.booksAgree = sameDepth(check, lastNob);
  return result;
}

/** Commands placing n orders at one price, and cancelling them all in random order. */
function stackedLevel(n: number): { placeAll: Command[]; cancels: Command[] } {
  const rand = prng(5);
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [ids[i], ids[j]] = [ids[j] as number, ids[i] as number];
  }
  const placeAll: Command[] = ids.map((id) => ({
    kind: 'place',
    id,
    owner: id,
    side: 'buy',
    type: 'limit',
    price: 100_000,
    qty: 1,
    stp: 'none',
  }));
  placeAll.sort((a, b) => a.id - b.id);
  return { placeAll, cancels: ids.map((id) => ({ kind: 'cancel', id })) };
}

/**
 * One price level stacked with orders, cancelled in random order: the cost of a cancel must not depend on the
 * queue's length. Ours cancels all of `n`; nodejs-order-book's cancel is linear in the level's size, so it is timed
 * on the first `nobCancels` cancels of a level of `nobLevel` orders.
 */
async function benchStackedLevel(n: number, nobLevel: number, nobCancels: number): Promise<Result> {
  const { placeAll, cancels } = stackedLevel(n);
  const build = (): OrderBook => {
    const book = new OrderBook(BENCH_SPEC);
    for (const c of placeAll) book.apply(c);
    return book;
  };
  runOurs(build(), cancels);
  const ours = await throughput(n, RUNS, () => {
    const book = build();
    return timed(() => runOurs(book, cancels));
  });
  const oursLatency = percentiles(latenciesOurs(build(), cancels));

  const nobFlow = stackedLevel(nobLevel);
  const nobPlace = toNob(nobFlow.placeAll);
  const nobCancel = toNob(nobFlow.cancels.slice(0, nobCancels));
  const buildNob = (): NobBook => {
    const book = new NobBook();
    runNob(book, nobPlace);
    return book;
  };
  const nob = await throughput(nobCancels, NOB_RUNS, () => {
    const book = buildNob();
    return timed(() => runNob(book, nobCancel));
  });
  const nobLatency = percentiles(latenciesNob(buildNob(), nobCancel));
  log(`stacked level: ours ${formatRate(ours.best)}, nodejs-order-book ${formatRate(nob.best)}`);
  return {
    name: `one level, random cancels (ours all of ${n / 1000}k, n-o-b ${nobCancels / 1000}k of ${nobLevel / 1000}k)`,
    commands: n,
    ours,
    oursLatency,
    nob,
    nobLatency,
  };
}

async function main(): Promise<void> {
  const overhead = timerOverheadNs();
  log(`node ${process.version}, timer overhead ${formatNs(overhead)} per sample${quick ? ', QUICK run' : ''}`);

  const ecMix: MixOptions = {
    seed: 1,
    commands: Math.round(3_000_000 * scale),
    targetResting: 1_000,
    spread: 500,
    owners: 1_000,
    mix: { gtc: 9, ioc: 3, cancel: 6, reduce: 0 },
  };
  log('exchange-core mix: generating');
  const results: Result[] = [await benchFlow('exchange-core mix', generateMix(ecMix), true)];

  log('placement-heavy mix: generating');
  const placementMix: MixOptions = {
    ...ecMix,
    seed: 2,
    commands: Math.round(2_000_000 * scale),
    mix: { gtc: 45, ioc: 10, cancel: 30, reduce: 0 },
  };
  results.push(await benchFlow('placement-heavy mix', generateMix(placementMix), true));

  const preload = Math.round(1_000_000 * scale);
  log(`deep book (top): generating ${preload.toLocaleString('en-US')} resting orders`);
  const deepTop = generateMix({
    ...ecMix,
    seed: 3,
    commands: Math.round(1_000_000 * scale),
    preload,
    preloadOffsets: { from: 600, to: 20_600 },
    touchPreload: false,
  });
  const buildRate = await throughput(deepTop.setup.length, Math.min(RUNS, 3), () => {
    const book = new OrderBook(BENCH_SPEC);
    return timed(() => runOurs(book, deepTop.setup));
  });
  log(`deep book: build ${formatRate(buildRate.best)} best`);
  results.push(await benchFlow('deep book (1M), activity at top', deepTop, false));

  log('deep book (anywhere): generating');
  const deepAnywhere = generateMix({
    ...ecMix,
    seed: 4,
    commands: Math.round(1_000_000 * scale),
    preload,
    targetResting: preload,
    spread: 20_000,
  });
  results.push(await benchFlow('deep book (1M), activity anywhere', deepAnywhere, false));

  // Ours at two sizes, to show a cancel does not get dearer as the queue grows.
  results.push(await benchStackedLevel(20_000, 20_000, quick ? 500 : 2_000));
  results.push(await benchStackedLevel(quick ? 20_000 : 200_000, 20_000, quick ? 500 : 2_000));

  console.log('\nThroughput (commands/s, wall clock; best and median of runs on fresh books)\n');
  console.log(
    table(
      ['flow', 'commands', 'ours best', 'ours median', 'ours /CPU-s', 'nodejs-order-book', 'ratio', 'books agree'],
      results.map((r) => [
        r.name,
        r.commands.toLocaleString('en-US'),
        formatRate(r.ours.best),
        formatRate(r.ours.median),
        formatRate(r.ours.cpuBest),
        r.nob ? formatRate(r.nob.best) : '-',
        r.nob ? `${(r.ours.best / r.nob.best).toFixed(1)}×` : '-',
        r.booksAgree === undefined ? '-' : r.booksAgree ? 'yes' : 'NO',
      ]),
    ),
  );
  console.log(
    `\ndeep book build: ${deepTop.setup.length.toLocaleString('en-US')} GTC placements into one book at ` +
      `${formatRate(buildRate.best)} best, ${formatRate(buildRate.median)} median`,
  );

  console.log(
    `\nLatency per command (process.hrtime.bigint() around each; includes ~${formatNs(overhead)} of timer)\n`,
  );
  const latencyRows: string[][] = [];
  for (const r of results) {
    const row = (who: string, p: Percentiles): string[] => [
      `${r.name} — ${who}`,
      formatNs(p.p50),
      formatNs(p.p90),
      formatNs(p.p99),
      formatNs(p.p999),
      formatNs(p.p9999),
      formatNs(p.max),
    ];
    latencyRows.push(row('ours', r.oursLatency));
    if (r.nobLatency) latencyRows.push(row('nodejs-order-book', r.nobLatency));
  }
  console.log(table(['flow', 'p50', 'p90', 'p99', 'p99.9', 'p99.99', 'max'], latencyRows));

  console.log('\nGarbage collection during the timed runs, per million commands (ours)\n');
  console.log(
    table(
      ['flow', 'young-gen GCs', 'old-gen GC phases', 'GC pause'],
      results.map((r) => [
        r.name,
        r.ours.gcPerMillion.minor.toFixed(1),
        r.ours.gcPerMillion.major.toFixed(1),
        `${r.ours.gcPerMillion.ms.toFixed(1)} ms`,
      ]),
    ),
  );

  console.log('\nFlow shape (measured while generating)\n');
  console.log(
    table(
      ['flow', 'mix', 'trading cmds', 'avg resting', 'avg price levels'],
      results.flatMap((r) =>
        r.stats
          ? [
              [
                r.name,
                Object.entries(r.stats.share)
                  .map(([k, v]) => `${k} ${(v * 100).toFixed(1)}%`)
                  .join(', '),
                `${(r.stats.withTrades * 100).toFixed(1)}%`,
                Math.round(r.stats.avgResting).toLocaleString('en-US'),
                Math.round(r.stats.avgPriceLevels).toLocaleString('en-US'),
              ],
            ]
          : [],
      ),
    ),
  );

  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/engine-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  const summary = { node: process.version, quick, timerOverheadNs: overhead, results, deepBuild: buildRate };
  writeFileSync(file, JSON.stringify(summary, null, 2));
  console.log(`\nwrote ${file}`);
}

await main();
