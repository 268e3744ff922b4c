/**
 * Ledger benchmark: `npm run bench:ledger` (add `-- --quick` to stop the reconciliation series at 100k entries).
 *
 * 1. Postings per second through `LedgerService`, against a SQLite file in WAL mode as the server runs it:
 *    transfers (2 legs) and hold → settle cycles (hold 2 legs, settle out of the hold 3 legs: counterparty and fee),
 *    each either one per transaction (commit per posting, as a lone HTTP request does) or 1,000 per transaction (a
 *    batch, as a matching loop or a chain sync commits). Every posting checks its unique reference, balances, its
 *    holds and the negative-balance policy before it changes anything (no savepoint); the changed accounts, entries
 *    and legs are written once, in multi-row statements, just before the transaction commits; statement lines and
 *    holds are written in batches (every 8,192 lines or second).
 * 2. How reconciliation time grows with the journal: the full `reconcile()` (journal replay of every leg against
 *    every balance, per-entry balance check, holds = frozen, per-asset sums) at 10k, 100k and 1M entries; and how long
 *    the statements take to be rebuilt from the journal (the first start after the upgrade, or after a crash: the
 *    whole journal here) and to read a 50-line page of the busiest account's statement.
 *
 * Wall time and process CPU time are both shown: on a shared machine other work steals the core, and postings per
 * CPU-second is what one idle core would give.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, openDatabase, type Db } from '../../apps/server/src/db/database';
import { migrationSources } from '../../apps/server/src/db/migrate-all';
import { systemClock } from '../../apps/server/src/lib/clock';
import { findRepoRoot } from '../../apps/server/src/lib/paths';
import { Transactions } from '../../apps/server/src/lib/tx';
import { DEFAULT_ASSETS } from '../../apps/server/src/modules/ledger/assets';
import { LedgerService } from '../../apps/server/src/modules/ledger/service';
import { SYSTEM, system, user } from '../../apps/server/src/modules/ledger/types';

const quick = process.argv.includes('--quick');
const USERS = 1000;
const BATCH = 1000;

interface World {
  db: Db;
  tx: Transactions;
  ledger: LedgerService;
  dir: string;
}

function world(): World {
  const dir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-ledger-'));
  const db = openDatabase(path.join(dir, 'bench.db'));
  migrate(db, migrationSources(findRepoRoot(), [{ name: 'ledger' }]));
  const tx = new Transactions(db);
  const ledger = new LedgerService(db, tx, systemClock);
  for (const a of DEFAULT_ASSETS) ledger.upsertAsset(a);
  // Every user starts with a large USDT balance from the hot-wallet mirror, as after a deposit.
  tx.run(() => {
    for (let uid = 1; uid <= USERS; uid++) {
      ledger.transfer({
        reference: `fund:${uid}`,
        reason: 'wallet.deposit',
        from: system(SYSTEM.hotWallet, 'USDT'),
        to: user(uid, 'spot', 'USDT'),
        amount: 10n ** 15n,
      });
    }
  });
  return { db, tx, ledger, dir };
}

function dispose(w: World): void {
  w.db.close();
  rmSync(w.dir, { recursive: true, force: true });
}

/** A small deterministic generator (mulberry32), so every run moves the same money. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

function timed(fn: () => void): Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  fn();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en-US');

// ---- 1. postings per second -----------------------------------------------------------------------------------------

type Step = (w: World, i: number, next: () => number) => number;

/** One transfer between two random users: 1 posting. */
const transferStep: Step = (w, i, next) => {
  const from = 1 + Math.floor(next() * USERS);
  const to = 1 + ((from + Math.floor(next() * (USERS - 1))) % USERS);
  w.ledger.transfer({
    reference: `t:${i}`,
    reason: 'wallet.transfer',
    from: user(from, 'spot', 'USDT'),
    to: user(to, 'spot', 'USDT'),
    amount: 1n + BigInt(Math.floor(next() * 1_000_000)),
  });
  return 1;
};

/** An order's life in miniature: hold, then settle out of the hold to the counterparty and the fee account: 2 postings. */
const freezeSettleStep: Step = (w, i, next) => {
  const uid = 1 + Math.floor(next() * USERS);
  const other = 1 + ((uid + 1 + Math.floor(next() * (USERS - 1))) % USERS);
  const amount = 1000n + BigInt(Math.floor(next() * 1_000_000));
  const fee = amount / 1000n;
  const holder = `order:${i}`;
  w.ledger.hold({ reference: `f:${i}`, reason: 'spot.freeze', account: user(uid, 'spot', 'USDT'), holder, amount });
  w.ledger.settle({
    reference: `s:${i}`,
    reason: 'spot.trade',
    holder,
    to: [
      { account: user(other, 'spot', 'USDT'), amount: amount - fee },
      { account: system(SYSTEM.fees, 'USDT'), amount: fee },
    ],
  });
  return 2;
};

function runPostings(step: Step, operations: number, batch: number): { postings: number; t: Timing } {
  const w = world();
  const next = prng(42);
  // Warm-up: statements prepared, pages cached.
  w.tx.run(() => {
    for (let i = 0; i < 2000; i++) step(w, -1 - i, next);
  });
  let postings = 0;
  const t = timed(() => {
    if (batch === 1) {
      for (let i = 0; i < operations; i++) postings += w.tx.run(() => step(w, i, next));
    } else {
      for (let start = 0; start < operations; start += batch) {
        w.tx.run(() => {
          for (let i = start; i < Math.min(operations, start + batch); i++) postings += step(w, i, next);
        });
      }
    }
  });
  const report = w.ledger.reconcile();
  if (!report.ok) throw new Error(`the benchmark broke the ledger: ${report.problems.join('; ')}`);
  dispose(w);
  return { postings, t };
}

function postingsTable(): string {
  const cases: { name: string; step: Step; ops: number; batch: number }[] = [
    { name: 'transfer, 1 per transaction', step: transferStep, ops: 20_000, batch: 1 },
    { name: `transfer, ${BATCH} per transaction`, step: transferStep, ops: 100_000, batch: BATCH },
    { name: 'hold → settle, 1 cycle per transaction', step: freezeSettleStep, ops: 10_000, batch: 1 },
    { name: `hold → settle, ${BATCH} cycles per transaction`, step: freezeSettleStep, ops: 50_000, batch: BATCH },
  ];
  const rows: string[][] = [];
  for (const c of cases) {
    const { postings, t } = runPostings(c.step, c.ops, c.batch);
    rows.push([
      c.name,
      postings.toLocaleString('en-US'),
      `${Math.round(t.wallMs).toLocaleString('en-US')} ms`,
      rate(postings, t.wallMs),
      rate(postings, t.cpuMs),
      `${((t.wallMs * 1000) / postings).toFixed(1)} µs`,
    ]);
  }
  return table(['case', 'postings', 'wall', 'postings/s', 'postings/CPU-s', 'per posting'], rows);
}

// ---- 2. reconciliation time against journal size --------------------------------------------------------------------

function reconcileTable(): string {
  const sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
  const w = world();
  const next = prng(7);
  let entries = USERS + 5; // the funding entries and the assets' setup
  let i = 0;
  const rows: string[][] = [];
  for (const size of sizes) {
    const fill = timed(() => {
      while (entries < size) {
        w.tx.run(() => {
          for (let k = 0; k < 10_000 && entries < size; k++) entries += transferStep(w, i++, next);
        });
      }
    });
    const runs: number[] = [];
    let legs = 0;
    let accounts = 0;
    for (let r = 0; r < 3; r++) {
      const report = w.ledger.reconcile();
      if (!report.ok) throw new Error(`reconciliation failed: ${report.problems.join('; ')}`);
      runs.push(report.ms);
      legs = report.legs;
      accounts = report.accounts;
      entries = report.entries;
    }
    runs.sort((a, b) => a - b);
    const dbMb = statSync(path.join(w.dir, 'bench.db')).size / 1024 / 1024;
    // A page of a statement (the hot-wallet mirror's: every funding entry; what waits is written first), then every
    // statement rebuilt from the journal as after an upgrade (the index emptied, a new ledger started on the file).
    w.ledger.statement(system(SYSTEM.hotWallet, 'USDT'), { limit: 1 });
    const page = timed(() => w.ledger.statement(system(SYSTEM.hotWallet, 'USDT'), { limit: 50 }));
    w.ledger.close();
    w.db.exec('DELETE FROM ledger_statement; UPDATE ledger_index_upto SET upto = 0');
    const rebuild = timed(() => {
      w.ledger = new LedgerService(w.db, w.tx, systemClock);
    });
    rows.push([
      entries.toLocaleString('en-US'),
      legs.toLocaleString('en-US'),
      accounts.toLocaleString('en-US'),
      `${(runs[1] ?? 0).toFixed(0)} ms`,
      `${(runs[0] ?? 0).toFixed(0)} ms`,
      `${(((runs[1] ?? 0) * 1000) / legs).toFixed(2)} µs`,
      `${dbMb.toFixed(0)} MB`,
      `${(fill.wallMs / 1000).toFixed(1)} s`,
      `${(rebuild.wallMs / 1000).toFixed(2)} s`,
      `${page.wallMs.toFixed(2)} ms`,
    ]);
  }
  dispose(w);
  return table(
    [
      'entries',
      'legs',
      'accounts',
      'reconcile (median of 3)',
      'best',
      'per leg',
      'db file',
      'fill time',
      'statements rebuilt',
      'statement page',
    ],
    rows,
  );
}

console.log(`Ledger benchmark — Node ${process.version}, SQLite WAL synchronous=NORMAL, ${USERS} users, USDT\n`);
console.log(
  'Postings per second (each posting: unique reference, holds and negative-balance checks, entry + legs written at commit, statement lines and holds in batches)\n',
);
console.log(postingsTable());
console.log(
  '\nReconciliation time against journal size (journal replay, per-entry balance, holds = frozen, per-asset sums); statements rebuilt from the journal; one statement page\n',
);
console.log(reconcileTable());
