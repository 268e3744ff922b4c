/**
 * Options benchmark: `node --import tsx bench/options/run.ts [--bets N]`.
 *
 * The real server modules on a SQLite file (as `npm start` builds them, no demo data): N users (default 100,000)
 * each join the same 30 s round through `OptionsService.join` (validation, one transaction each, the stake held in
 * the ledger) — joins per second at the service level (no HTTP: the route adds auth, the request id and JSON); then
 * the round opens (its open slot is timed apart: the open price, and the round's bets read once — nobody joins after
 * the open — for the close); the round's close is recorded in the series and the rounds job settles it in one
 * transaction (every result in memory, ONE ledger entry for the round through `LedgerService.settleHolds`, the
 * bets' rows set at a time) — the wall and CPU time to settle the whole round, commit included (target: under a
 * second for 100,000 bets).
 * Afterwards the users' wallets, the pool and the fees account hold exactly what was funded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDecimal } from '@bourse/money';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { SYSTEM, system, user } from '../../apps/server/src/modules/ledger/types';
import { ensureSpotConfig, quietEnv } from '../../apps/server/src/modules/spot/fixture';

const i = process.argv.indexOf('--bets');
const BETS = i > 0 ? Number(process.argv[i + 1]) : 100_000;
const PERIOD = 30;
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const OPEN = T0 + PERIOD * 1000;
const CLOSE = OPEN + PERIOD * 1000;

const dir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-options-'));
const clock = { t: T0, now: () => clock.t };
const built = await buildApp(loadConfig(quietEnv(dir)), { clock, logger: pino({ level: 'silent' }) });
const ctx = { ...built.services, ...built.platform, db: built.db };
ensureSpotConfig(ctx);
let price = parseDecimal('100000', 8);
ctx.options.useIndex({ read: () => ({ price, scale: 8, ts: clock.now(), source: 'bench' }) });
ctx.options.seedDefaults(
  ['BTC_USDT'],
  [
    {
      period: PERIOD,
      payoutRatio: '0.8',
      feeRate: '0.001',
      minAmount: '10',
      maxAmount: '10000',
      roundCap: '1000000000',
    },
  ],
);

// Every user starts with 1,000 USDT in the options wallet (straight from the hot-wallet mirror, as after a deposit).
const uids = Array.from({ length: BETS }, (_, n) => 1_000_000 + n);
ctx.tx.run(() => {
  for (const uid of uids) {
    ctx.ledger.transfer({
      reference: `fund:${uid}`,
      reason: 'wallet.deposit',
      from: system(SYSTEM.hotWallet, 'USDT'),
      to: user(uid, 'options', 'USDT'),
      amount: parseDecimal('1000', 8),
    });
  }
});

let started = performance.now();
for (const [n, uid] of uids.entries()) {
  ctx.options.join(uid, {
    symbol: 'BTC_USDT',
    period: PERIOD,
    round: OPEN / (PERIOD * 1000),
    side: n % 2 === 0 ? 'up' : 'down',
    amount: String(10 + (n % 90)),
  });
}
const joinMs = performance.now() - started;

// The open instant and the close instant in the series; the round opens, then the job settles it.
clock.t = OPEN;
ctx.tx.run(() => ctx.options.recordSeries(OPEN));
// The open slot: the round's open price, and its bets read once (none joins after the open) for the close.
const openedAt = performance.now();
ctx.tx.run(() => ctx.options.runRounds(OPEN, OPEN));
const openMs = performance.now() - openedAt;
price += parseDecimal('12.34', 8);
clock.t = CLOSE;
ctx.tx.run(() => ctx.options.recordSeries(CLOSE));
// The joins' pages are copied into the database file first: the checkpointer thread would otherwise be copying them
// while the settlement runs, and its CPU time would count in the settlement's (process.cpuUsage counts every thread).
built.db.pragma('wal_checkpoint(PASSIVE)');
started = performance.now();
let cpu = process.cpuUsage();
const result = ctx.tx.run(() => ctx.options.runRounds(CLOSE, CLOSE));
const settleMs = performance.now() - started;
cpu = process.cpuUsage(cpu);
const settleCpuMs = (cpu.user + cpu.system) / 1000;
// Nothing created or lost: the users' options wallets, the pool and the fees account hold what was funded.
const funded = parseDecimal('1000', 8) * BigInt(BETS);
let users = 0n;
for (const uid of uids) {
  const b = ctx.ledger.balance(user(uid, 'options', 'USDT'));
  users += b.available + b.frozen;
}
const pool = ctx.ledger.balance(system(SYSTEM.optionsPool, 'USDT', 'options')).available;
const fees = ctx.ledger.balance(system(SYSTEM.fees, 'USDT', 'options')).available;
const conserved = users + pool + fees === funded;
const open = built.db.prepare("SELECT COUNT(*) AS n FROM option_bets WHERE state = 'open'").get() as { n: number };

console.log(`options bench: ${BETS.toLocaleString('en-US')} bets on one 30 s round`);
console.log(
  `  join:   ${joinMs.toFixed(0)} ms, ${Math.round((BETS / joinMs) * 1000).toLocaleString('en-US')} joins/s (service level, one transaction each)`,
);
console.log(
  `  settle: ${settleMs.toFixed(0)} ms for the round (${settleCpuMs.toFixed(0)} ms CPU; ${result.settled} round, one ledger entry)`,
);
console.log(`  open:   ${openMs.toFixed(0)} ms for the round's open slot (its bets read once, for the close)`);
console.log(`  open bets left: ${open.n}; users + pool + fees = funded: ${conserved}`);
built.db.close();
rmSync(dir, { recursive: true, force: true });
process.exit(conserved && open.n === 0 ? 0 : 1);
