/**
 * Scheduler benchmark: `npm run bench:scheduler`.
 *
 * What the scheduler itself costs per run, on a SQLite file in WAL mode as the server runs it (synchronous=NORMAL):
 * a no-op job run through `runDue`, so every figure is the scheduler's own work — the transaction, the cursor's
 * compare-and-set, and for jobs that keep one, the history row. Then what that means for the jobs a server
 * declares: runs per second at the default periods and at the 50 ms periods the live-market test uses, the share of
 * one core they take, the WAL bytes they write, and that the scheduler's tables do not grow with the runs.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { migrate, openDatabase } from '../../apps/server/src/db/database';
import { migrationSources } from '../../apps/server/src/db/migrate-all';
import { findRepoRoot } from '../../apps/server/src/lib/paths';
import { Transactions } from '../../apps/server/src/lib/tx';
import { createSchedulerRepo } from '../../apps/server/src/modules/scheduler/repo';
import { Scheduler } from '../../apps/server/src/modules/scheduler/scheduler';

const RUNS = 100_000;
const T0 = Date.UTC(2025, 0, 1);

function world() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bourse-bench-scheduler-'));
  const file = path.join(dir, 'bench.db');
  const db = openDatabase(file);
  migrate(db, migrationSources(findRepoRoot(), [{ name: 'scheduler' }]));
  // As the server does: checkpoints are the worker's business, never a commit's.
  db.pragma('wal_autocheckpoint = 0');
  const tx = new Transactions(db);
  const clock = { t: T0, now: () => clock.t };
  const scheduler = new Scheduler({ tx, repo: createSchedulerRepo(db), clock, log: pino({ level: 'silent' }) });
  return { db, file, dir, scheduler };
}

async function perRun(label: string, history: boolean, catchUp: 'every' | 'latest') {
  const w = world();
  w.scheduler.register('bench', {
    name: 'noop',
    description: 'does nothing',
    everyMs: 1,
    catchUp,
    history,
    run: () => undefined,
  });
  const walBefore = statSync(`${w.file}-wal`).size;
  const cpu = process.cpuUsage();
  const started = performance.now();
  // `latest` runs one slot per call: call once per slot, as the timer would.
  if (catchUp === 'every') await w.scheduler.runDue(T0 + RUNS);
  else for (let i = 1; i <= RUNS; i++) await w.scheduler.runDue(T0 + i);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const walBytes = statSync(`${w.file}-wal`).size - walBefore;
  const rows = w.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM scheduler_runs').get()?.n ?? 0;
  const pages = w.db.pragma('page_count', { simple: true }) as number;
  w.db.close();
  rmSync(w.dir, { recursive: true, force: true });
  const us = (ms * 1000) / RUNS;
  console.log(
    `${label.padEnd(44)} ${us.toFixed(1).padStart(6)} µs/run wall, ${(((used.user + used.system) / RUNS) | 0)
      .toString()
      .padStart(
        4,
      )} µs/run CPU, ${(walBytes / RUNS).toFixed(0).padStart(5)} WAL bytes/run, history rows ${rows}, db ${pages} pages`,
  );
  return { us, walPerRun: walBytes / RUNS };
}

console.log(`Scheduler overhead, ${RUNS.toLocaleString('en')} runs of a no-op job (SQLite WAL, synchronous=NORMAL)\n`);
const cursorOnly = await perRun('cursor only (frequent jobs)', false, 'latest');
await perRun('cursor only, catch-up of every slot', false, 'every');
const withHistory = await perRun('cursor + history row (jobs ≥ 1 min apart)', true, 'latest');

const profiles: Record<string, Record<string, number>> = {
  'default periods': {
    'market.flush': 250,
    'market.publish': 1000,
    'market.prices': 1000,
    'market.makers': 1000,
    'market.markets': 30_000,
    'market.candles': 60_000,
    'market.events-prune': 3_600_000,
    'chain.blocks': 3000,
  },
  'live-market test (50 ms)': {
    'market.flush': 250,
    'market.publish': 100,
    'market.prices': 50,
    'market.makers': 50,
    'market.markets': 30_000,
    'market.candles': 60_000,
    'market.events-prune': 3_600_000,
    'chain.blocks': 50,
  },
};
console.log('\nWhat the declared jobs cost in scheduler overhead alone (the jobs’ own work comes on top):');
for (const [name, jobs] of Object.entries(profiles)) {
  let perSecond = 0;
  let historyPerSecond = 0;
  for (const every of Object.values(jobs)) {
    perSecond += 1000 / every;
    if (every >= 60_000) historyPerSecond += 1000 / every;
  }
  const usPerSecond = (perSecond - historyPerSecond) * cursorOnly.us + historyPerSecond * withHistory.us;
  const walPerSecond = (perSecond - historyPerSecond) * cursorOnly.walPerRun + historyPerSecond * withHistory.walPerRun;
  console.log(
    `  ${name.padEnd(26)} ${perSecond.toFixed(1).padStart(6)} runs/s → ${(usPerSecond / 10_000).toFixed(3)}% of a core, ` +
      `${(walPerSecond / 1024).toFixed(1)} KiB/s of WAL (checkpointed by the worker), ${(perSecond * 86_400).toLocaleString('en')} runs/day, 0 new rows`,
  );
}
