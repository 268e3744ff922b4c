/**
 * Liquidation sweep benchmark: `npm run bench:perp` (add `-- --quick` for a smoke run).
 *
 * 100,000 open BTC positions (70% isolated, 30% single-position cross accounts; long and short; leverage 2–100×;
 * entries within ±5% of the mark; margin IM plus 0–50% extra), all healthy at a mark of 20,000. Then one mark move
 * of each size (−0.1% to ±10%), and for each:
 * - index sweep: `LiquidationIndex.crossed(mark)` — the positions whose liquidation price the move crossed;
 * - + exact check: each candidate confirmed by `poolRisk` / `isLiquidatable` in bigint (the index is a filter);
 * - + plan: `planLiquidation` for each confirmed one (lots to close, bankruptcy price, IOC limit);
 * - full scan: the exact check on all 100,000 positions, what a sweep without an index costs.
 * The sweep's set is compared with the full scan's, so both did the same work. Building the index (one exact
 * liquidation price per position) and re-keying the liquidated positions are timed too.
 *
 * Each figure is the best and the median wall time of several runs, each after a forced full GC, and the least
 * process CPU time of a run (on a shared machine, what an idle core would give).
 */
import {
  defineContract,
  initialMarginFor,
  isLiquidatable,
  isolatedPool,
  LiquidationIndex,
  liquidationPrice,
  planLiquidation,
  poolRisk,
  type MarginPool,
  type Position,
} from '@bourse/engine';
import { loadavg } from 'node:os';
import { prng } from './flows';
import { collectGarbage, formatNs, median, table } from './measure';

const quick = process.argv.includes('--quick');
const COUNT = quick ? 20_000 : 100_000;
const RUNS = quick ? 3 : 9;
const USDT = 100_000_000n;
const MARK = 200_000n; // 20,000.0 USDT

// The rulebook's demo BTC: 0.001 BTC a lot, tick 0.1, tiers <50k 0.4%; <250k 0.5%; <1M 1%; <10M 2.5%.
const rate = (ppm: number): bigint => BigInt(ppm) * 1_000_000n;
const BTC = defineContract({
  symbol: 'BTC-USDT',
  priceScale: 1,
  tickSize: 1n,
  qtyScale: 3,
  lotQty: 1n,
  marginScale: 8,
  minLots: 1n,
  tiers: [
    { below: 50_000n * USDT, mmr: rate(4_000), maxLeverage: 100 },
    { below: 250_000n * USDT, mmr: rate(5_000), maxLeverage: 50 },
    { below: 1_000_000n * USDT, mmr: rate(10_000), maxLeverage: 20 },
    { below: 10_000_000n * USDT, mmr: rate(25_000), maxLeverage: 10 },
  ],
  maintenanceBasis: 'entry',
  makerFeePpm: 200,
  takerFeePpm: 500,
  liquidationFeePpm: 2_000,
  liquidationBuffer: rate(200_000),
  wholeLiquidationBelow: 1_000n * USDT,
  funding: { intervalMs: 8 * 3_600_000, interestRate: rate(100), premiumClamp: rate(500), rateCap: rate(20_000) },
});

interface Book {
  /** Each position's pool at a mark: isolated, or a cross account holding just this position. */
  position: Position[];
  wallet: bigint[];
}

function buildPositions(): Book {
  const rand = prng(20_240_601);
  const book: Book = { position: [], wallet: [] };
  while (book.position.length < COUNT) {
    const side = rand() < 0.5 ? 'long' : 'short';
    const cross = rand() < 0.3;
    // leverage skewed toward the high end, as retail flow is
    const leverage = Math.max(2, Math.min(100, Math.round(2 + 98 * Math.sqrt(rand()))));
    const entry = MARK + BigInt(Math.round((rand() - 0.5) * 0.1 * Number(MARK)));
    const lots = BigInt(1 + Math.floor(rand() * rand() * 2_000));
    const cost = entry * lots * BTC.lotValue;
    if (cost >= 50_000n * USDT && leverage > 50) continue; // stay within the leverage tiers
    const im = initialMarginFor(cost, leverage);
    const extra = (im * BigInt(Math.floor(rand() * 500))) / 1_000n;
    const position: Position = {
      contract: BTC,
      side,
      lots,
      cost,
      leverage,
      mode: cross ? 'cross' : 'isolated',
      margin: cross ? 0n : im + extra,
    };
    const wallet = cross ? im + extra : 0n;
    if (isLiquidatable(poolRisk(poolAt(position, wallet, MARK)), 1)) continue; // healthy at the start
    book.position.push(position);
    book.wallet.push(wallet);
  }
  return book;
}

function poolAt(position: Position, wallet: bigint, mark: bigint): MarginPool {
  return position.mode === 'isolated'
    ? isolatedPool(position, mark)
    : { collateral: wallet, positions: [{ position, mark }] };
}

interface Timing {
  /** Wall time, ns. */
  best: number;
  median: number;
  /** Process CPU time of the best-CPU run, ns: what an idle core would give on this shared machine. */
  cpu: number;
}

function timeRuns(fn: () => void): Timing {
  const samples: number[] = [];
  let cpu = Number.POSITIVE_INFINITY;
  for (let r = 0; r < RUNS; r++) {
    collectGarbage();
    const usage = process.cpuUsage();
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start));
    const used = process.cpuUsage(usage);
    cpu = Math.min(cpu, (used.user + used.system) * 1_000);
  }
  return { best: Math.min(...samples), median: median(samples), cpu };
}

/** "best / median / cpu unit", one unit for the cell. */
function fmt(t: Timing): string {
  const [div, unit] = t.best >= 1e6 ? [1e6, 'ms'] : [1e3, 'µs'];
  const n = (v: number): string => (v / div).toFixed(v / div >= 100 ? 0 : v / div >= 10 ? 1 : 2);
  return `${n(t.best)} / ${n(t.median)} / ${n(t.cpu)} ${unit}`;
}

function main(): void {
  console.log(
    `Liquidation sweep: ${COUNT.toLocaleString('en')} BTC positions, mark 20,000.0${quick ? ' (quick)' : ''}`,
  );
  const book = buildPositions();
  const longs = book.position.filter((p) => p.side === 'long').length;
  const crossCount = book.position.filter((p) => p.mode === 'cross').length;
  console.log(`${longs} long, ${COUNT - longs} short; ${crossCount} cross, ${COUNT - crossCount} isolated`);

  // one exact liquidation price per position, then the index
  let prices: (bigint | null)[] = [];
  const priceTime = timeRuns(() => {
    prices = book.position.map((p, i) => liquidationPrice(poolAt(p, book.wallet[i] as bigint, MARK), 0));
  });
  let index = new LiquidationIndex();
  const indexTime = timeRuns(() => {
    index = new LiquidationIndex();
    book.position.forEach((p, id) => index.set(id, p.side, prices[id] as bigint | null));
  });
  console.log('times: wall best / wall median / least CPU of a run');
  console.log(`liquidation prices of all: ${fmt(priceTime)}; index build: ${fmt(indexTime)}`);
  console.log();

  const rows: string[][] = [];
  for (const moveBp of [-10, -50, -100, -300, -1_000, 300, 1_000]) {
    const mark = MARK + (MARK * BigInt(moveBp)) / 10_000n;
    let crossed: number[] = [];
    const sweep = timeRuns(() => {
      crossed = index.crossed(mark);
    });
    let confirmed: number[] = [];
    const sweepChecked = timeRuns(() => {
      confirmed = [];
      for (const id of index.crossed(mark)) {
        const p = book.position[id] as Position;
        if (isLiquidatable(poolRisk(poolAt(p, book.wallet[id] as bigint, mark)), 1)) confirmed.push(id);
      }
    });
    let closes = 0;
    const sweepPlanned = timeRuns(() => {
      closes = 0;
      for (const id of index.crossed(mark)) {
        const p = book.position[id] as Position;
        const pool = poolAt(p, book.wallet[id] as bigint, mark);
        const d = planLiquidation(pool, { inLiquidation: false, hasOpenOrders: false });
        if (d.action === 'close') closes++;
      }
    });
    let scanned: number[] = [];
    const fullScan = timeRuns(() => {
      scanned = [];
      book.position.forEach((p, id) => {
        if (isLiquidatable(poolRisk(poolAt(p, book.wallet[id] as bigint, mark)), 1)) scanned.push(id);
      });
    });
    const bySweep = [...confirmed].sort((a, b) => a - b);
    const byScan = [...scanned].sort((a, b) => a - b);
    const same = crossed.length === confirmed.length && bySweep.join() === byScan.join();
    if (!same || closes !== confirmed.length) throw new Error(`sweep and full scan disagree at ${moveBp} bp`);
    rows.push([
      `${moveBp > 0 ? '+' : ''}${(moveBp / 100).toFixed(1)}%`,
      crossed.length.toLocaleString('en'),
      fmt(sweep),
      fmt(sweepChecked),
      fmt(sweepPlanned),
      fmt(fullScan),
    ]);
  }
  console.log(table(['mark move', 'liquidatable', 'index sweep', '+ exact check', '+ plan', 'full exact scan'], rows));
  console.log(
    `(${RUNS} runs each; load average now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; the sweep found exactly the full scan's set every time)`,
  );

  // re-keying: the server removes or re-indexes every position it liquidated
  const mark = MARK - (MARK * 30n) / 1_000n;
  const hit = index.crossed(mark);
  const rekey = timeRuns(() => {
    for (const id of hit) index.delete(id);
    for (const id of hit) index.set(id, (book.position[id] as Position).side, prices[id] as bigint | null);
  });
  console.log();
  console.log(
    `re-keying the ${hit.length.toLocaleString('en')} positions of the −3.0% move (delete + insert each): ` +
      `${fmt(rekey)}, ${formatNs(rekey.best / (2 * hit.length))} per update`,
  );
}

main();
