/**
 * Server-level liquidation sweep benchmark: `npm run bench:perp-sweep` (add `-- --quick` for 20,000 positions).
 *
 * An in-process server (SQLite file, the ledger, the perp desk as it runs) with 100,000 open positions taken by real
 * market orders against the market maker: 20,000 traders × the 5 demo contracts BTC, ETH, SOL, BNB, DOGE, isolated and
 * cross (cross accounts on one contract and on several), long and short, leverage 2–100×. The books are then emptied
 * (what the book cannot take goes to the insurance fund or ADL) and each index moves in steps, −1%, −5%, −20% from
 * the start; at each step one `sweep()` runs, as the `perp.mark` job does each second, and the figures printed are:
 * - find + decide: walking the liquidation indexes from the
 *   dangerous end (only the positions the move crossed), the exact check of each pool found and its plan
 *   (`planLiquidation`) — the target is under 100 ms for 100,000 positions;
 * - settle: carrying the decisions out in one transaction (closes, ledger postings, records), reported apart;
 * - re-key: index upkeep, the accounts the settlement changed keyed again by their new liquidation prices;
 * - full scan: the exact check of every pool at the same marks (what the sweep without the index costs just to find),
 *   and that the sweep left none of them unhealthy.
 * Wall times on a shared machine grow with its load (printed); the sweep's process CPU time is printed beside them.
 * At the end the ledger reconciles and every isolated pot and order hold matches.
 */
import { loadavg } from 'node:os';
import { formatDecimal } from '@bourse/contract';
import { SYSTEM, system, user } from '../../apps/server/src/modules/ledger';
import { startPerpServer, units } from '../../apps/server/src/modules/perp/test-support';

const quick = process.argv.includes('--quick');
const TRADERS = quick ? 4_000 : 20_000;
const FIRST_UID = 1_000_000;
const SYMBOLS: [string, number][] = [
  ['BTC_USDT', 20_000],
  ['ETH_USDT', 1_000],
  ['SOL_USDT', 100],
  ['BNB_USDT', 300],
  ['DOGE_USDT', 0.1],
];
const STEPS = [-0.01, -0.05, -0.2];

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const priceText = (p: number): string => formatDecimal(BigInt(Math.round(p * 1e8)), 8);
const ms = (x: number): string => `${x.toFixed(1)} ms`;

async function main(): Promise<void> {
  const w = await startPerpServer({ fund: '100000000' });
  const { ctx, clock, index } = w;
  const perp = ctx.perp;
  try {
    for (const [symbol, price] of SYMBOLS) index.set(symbol, priceText(price));
    perp.refreshMarks(clock.now());
    const treasury = system(SYSTEM.treasury, 'USDT', 'contract');
    ctx.tx.run(() => {
      for (let i = 0; i < TRADERS; i++)
        ctx.ledger.transfer({
          reference: `bench:fund:${i}`,
          reason: 'test.fund',
          from: treasury,
          to: user(FIRST_UID + i, 'contract', 'USDT'),
          amount: units('5000'),
        });
    });
    const random = prng(42);
    const setupStarted = performance.now();
    const ROUND = 500;
    for (let from = 0; from < TRADERS; from += ROUND) {
      perp.quote();
      // A round's orders in one transaction (each its own savepoint), so the setup does not wait on a commit each.
      ctx.tx.run(() => {
        for (let i = from; i < Math.min(TRADERS, from + ROUND); i++) {
          const uid = FIRST_UID + i;
          // A third of the traders keep everything cross (one cross account on 5 contracts), a third everything
          // isolated, a third one cross contract among isolated ones.
          const style = i % 3;
          SYMBOLS.forEach(([symbol], k) => {
            const cross = style === 0 || (style === 2 && k === i % 5);
            perp.setMarginMode(uid, symbol, cross ? 'cross' : 'isolated');
            perp.setLeverage(uid, symbol, Math.max(2, Math.min(100, Math.round(2 + 98 * Math.sqrt(random())))));
            perp.placeUserOrder(uid, {
              symbol,
              side: random() < 0.5 ? 'buy' : 'sell',
              type: 'market',
              lots: 1 + Math.floor(random() * 4),
              timeInForce: 'GTC',
              postOnly: false,
              reduceOnly: false,
            });
          });
        }
      });
    }
    const positions = perp.openPositionCount();
    console.log(
      `${positions.toLocaleString('en')} open positions (${TRADERS.toLocaleString('en')} traders × ${SYMBOLS.length} contracts, ` +
        `market orders against the market maker) in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    // The first sweep keys every account (as after a start); later ones re-key only what changed.
    clock.advance(1000);
    perp.refreshMarks(clock.now());
    perp.sweep();
    const first = perp.stats().sweep;
    console.log(`Keying every account in the indexes (first sweep after the start): ${ms(first.lastRekeyMs)}`);
    clock.advance(1000);
    perp.refreshMarks(clock.now());
    perp.sweep();
    console.log(`A sweep with the marks unchanged: ${ms(perp.stats().sweep.lastMs)}`);

    perp.pullQuotes();
    console.log('');
    console.log(
      `Load average before the moves: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} (2 cores; wall times grow with it)`,
    );
    console.log(
      'move    positions  unhealthy  checked  liquidated  find+decide      settle   re-key   full scan  sweep CPU',
    );
    for (const step of STEPS) {
      for (const [symbol, price] of SYMBOLS) index.set(symbol, priceText(price * (1 + step)));
      clock.advance(1000);
      perp.refreshMarks(clock.now());
      const open = perp.openPositionCount();
      const scanStarted = performance.now();
      const unhealthy = perp.unhealthyPools();
      const scanMs = performance.now() - scanStarted;
      const before = perp.stats().sweep.liquidations;
      const cpu0 = process.cpuUsage();
      perp.sweep();
      const cpu = process.cpuUsage(cpu0);
      const s = perp.stats().sweep;
      const left = perp.unhealthyPools();
      console.log(
        [
          `${(step * 100).toFixed(0)}%`.padEnd(7),
          String(open).padStart(9),
          String(unhealthy).padStart(10),
          String(s.lastChecked).padStart(8),
          String(s.liquidations - before).padStart(11),
          ms(s.lastFindMs).padStart(12),
          ms(s.lastSettleMs).padStart(11),
          ms(s.lastRekeyMs).padStart(8),
          ms(scanMs).padStart(11),
          ms((cpu.user + cpu.system) / 1000).padStart(13),
          left === 0 ? '' : `  (${left} left unhealthy!)`,
        ].join(' '),
      );
    }
    const reconcileStarted = performance.now();
    const report = ctx.ledger.reconcile();
    const problems = perp.problems();
    console.log('');
    console.log(
      `Ledger reconcile: ${report.ok ? 'ok' : `FAILED ${JSON.stringify(report.problems.slice(0, 3))}`} ` +
        `(${ms(performance.now() - reconcileStarted)}); pots and holds: ${problems.length === 0 ? 'ok' : problems.slice(0, 3).join('; ')}; ` +
        `insolvencies: ${perp.stats().insolvencies}`,
    );
    if (!report.ok || problems.length > 0) process.exitCode = 1;
  } finally {
    await w.server.close();
  }
}

await main();
