import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { Transactions } from '../../lib/tx';
import type { JobDefinition, SlotRun } from '../../platform/jobs';
import { tempDatabase } from '../../test/db';
import { createSchedulerRepo, HISTORY_SIZE } from './repo';
import { Scheduler } from './scheduler';

const here = path.dirname(fileURLToPath(import.meta.url));
/** A whole second, so slot numbers are T0/1000 + n for a one-second job. */
const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const S0 = T0 / 1000;

class ManualClock {
  constructor(public t: number) {}
  now(): number {
    return this.t;
  }
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A migrated database with an `effects` table standing for a job's own writes. */
function world() {
  const { db, dispose } = tempDatabase();
  cleanups.push(dispose);
  db.exec('CREATE TABLE effects (job TEXT NOT NULL, slot INTEGER NOT NULL, at INTEGER)');
  const tx = new Transactions(db);
  const clock = new ManualClock(T0);
  const scheduler = () => new Scheduler({ tx, repo: createSchedulerRepo(db), clock, log: pino({ level: 'silent' }) });
  return { db, tx, clock, scheduler, file: db.name };
}

/** A job that records each slot it runs in `effects`, in the slot's transaction. */
function recorder(db: Db, def: Partial<JobDefinition> & { name: string }, hook?: (slot: SlotRun) => void) {
  const insert = db.prepare('INSERT INTO effects (job, slot, at) VALUES (?, ?, ?)');
  return {
    description: 'records its slots',
    everyMs: 1000,
    catchUp: 'every',
    ...def,
    run: (slot: SlotRun) => {
      insert.run(slot.job, slot.slot, slot.at);
      hook?.(slot);
    },
  } as JobDefinition;
}

function effects(db: Db, job?: string): { job: string; slot: number; at: number }[] {
  return db
    .prepare<[], { job: string; slot: number; at: number }>('SELECT job, slot, at FROM effects ORDER BY rowid')
    .all()
    .filter((e) => job === undefined || e.job === job);
}

describe('the scheduler', () => {
  it('runs every slot of an `every` job once, in order, and catches up every slot missed while down', async () => {
    const { db, clock, scheduler } = world();
    const s = scheduler();
    s.register('test', recorder(db, { name: 'accrual' }));
    // A new job invents no past: nothing is due at its registration instant.
    expect(await s.runDue(T0)).toBe(0);
    // Down for 5.5 s: slots 1–5 each run once, oldest first, each told its own instant.
    expect(await s.runDue(T0 + 5500)).toBe(5);
    expect(effects(db)).toEqual([1, 2, 3, 4, 5].map((n) => ({ job: 'test.accrual', slot: S0 + n, at: T0 + n * 1000 })));
    // Nothing is due twice.
    expect(await s.runDue(T0 + 5999)).toBe(0);
    clock.t = T0 + 6000;
    expect(await s.runDue()).toBe(1);
    const [status] = s.status(T0 + 6000);
    expect(status).toMatchObject({ name: 'test.accrual', runs: 6, skipped: 0, failures: 0, lagMs: 0 });
    expect(status?.doneThrough).toBe(T0 + 6000);
    expect(status?.nextDueAt).toBe(T0 + 7000);
  });

  it('runs only the newest due slot of a `latest` job and counts the slots it passed over', async () => {
    const { db, scheduler } = world();
    const s = scheduler();
    s.register('test', recorder(db, { name: 'step', catchUp: 'latest', everyMs: 50 }));
    expect(await s.runDue(T0 + 60_000)).toBe(1);
    const slotAt = T0 + 60_000;
    expect(effects(db)).toEqual([{ job: 'test.step', slot: slotAt / 50, at: slotAt }]);
    const [status] = s.status(slotAt);
    expect(status).toMatchObject({ runs: 1, skipped: 60_000 / 50 - 1, lagMs: 0 });
    expect(await s.runDue(T0 + 60_049)).toBe(0);
    expect(await s.runDue(T0 + 60_050)).toBe(1);
  });

  it('runs due slots oldest instant first across jobs', async () => {
    const { db, scheduler } = world();
    const s = scheduler();
    s.register('test', recorder(db, { name: 'fast', everyMs: 1000 }));
    s.register('test', recorder(db, { name: 'slow', everyMs: 2500 }));
    s.register('test', recorder(db, { name: 'offset', everyMs: 3000, offsetMs: 1500 }));
    await s.runDue(T0 + 6000);
    const order = effects(db).map((e) => [e.at - T0, e.job.slice(5)]);
    expect(order).toEqual([
      [1000, 'fast'],
      [1500, 'offset'],
      [2000, 'fast'],
      [2500, 'slow'],
      [3000, 'fast'],
      [4000, 'fast'],
      [4500, 'offset'],
      [5000, 'fast'],
      [5000, 'slow'],
      [6000, 'fast'],
    ]);
  });

  it('resumes from the stored cursor after a restart: a fresh scheduler runs no slot twice and loses none', async () => {
    const { db, scheduler } = world();
    const first = scheduler();
    first.register('test', recorder(db, { name: 'accrual' }));
    first.register('test', recorder(db, { name: 'step', catchUp: 'latest' }));
    await first.runDue(T0 + 3000);
    // The process stops; three minutes later a new one starts on the same database.
    const second = scheduler();
    second.register('test', recorder(db, { name: 'accrual' }));
    second.register('test', recorder(db, { name: 'step', catchUp: 'latest' }));
    await second.runDue(T0 + 183_000);
    const accrual = effects(db, 'test.accrual').map((e) => e.slot - S0);
    expect(accrual).toEqual(Array.from({ length: 183 }, (_, i) => i + 1));
    expect(effects(db, 'test.step').map((e) => e.slot - S0)).toEqual([3, 183]);
    expect(second.status(T0 + 183_000).find((j) => j.name === 'test.step')).toMatchObject({ runs: 2, skipped: 181 });
  });

  it('never runs a slot twice when two schedulers share a database: the loser’s writes are rolled back', async () => {
    const { db, scheduler } = world();
    const a = scheduler();
    const b = scheduler();
    a.register('test', recorder(db, { name: 'accrual' }));
    b.register('test', recorder(db, { name: 'accrual' }));
    await a.runDue(T0 + 3000);
    // b still believes nothing ran: each of its attempts finds the cursor moved, undoes its write and catches up.
    await b.runDue(T0 + 5000);
    await a.runDue(T0 + 5000);
    expect(effects(db).map((e) => e.slot - S0)).toEqual([1, 2, 3, 4, 5]);
    expect(b.status(T0 + 5000)[0]).toMatchObject({ runs: 5, failures: 0 });
  });

  it('keeps exactly once across kill -9 between a job’s write and its slot’s commit', async () => {
    const { db, clock, scheduler, file } = world();
    const job = () => recorder(db, { name: 'accrual' });
    scheduler().register('test', job());
    // The child runs slots 1–3 and is killed inside slot 4's transaction, after the job wrote its effect.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'crash-child.ts'), file, String(T0 + 6000), String(S0 + 4)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('hanging at')) resolve();
      });
      void exited.then(() => reject(new Error(`the child exited before hanging:\n${output}`)));
    });
    child.kill('SIGKILL');
    await exited;
    expect(effects(db).map((e) => e.slot - S0)).toEqual([1, 2, 3]);
    // A fresh scheduler on the same database: slot 4 runs once (its first write never committed), then 5 and 6.
    clock.t = T0 + 6000;
    const after = scheduler();
    after.register('test', job());
    expect(await after.runDue()).toBe(3);
    expect(effects(db).map((e) => e.slot - S0)).toEqual([1, 2, 3, 4, 5, 6]);
  }, 30_000);

  it('records a failing job, retries it with backoff, keeps its slots in order and lets the others run', async () => {
    const { db, scheduler } = world();
    const s = scheduler();
    let failures = 2;
    s.register(
      'test',
      recorder(db, { name: 'funding', retry: { firstMs: 1000, maxMs: 4000 }, history: true }, () => {
        if (failures-- > 0) throw new Error('price missing');
      }),
    );
    s.register('test', recorder(db, { name: 'other', catchUp: 'latest' }));
    await s.runDue(T0 + 2000);
    // The failed slot's write is rolled back; its later slot waits behind it; the other job ran.
    expect(effects(db, 'test.funding')).toEqual([]);
    expect(effects(db, 'test.other').map((e) => e.slot - S0)).toEqual([2]);
    let status = s.status(T0 + 2000).find((j) => j.name === 'test.funding');
    expect(status).toMatchObject({
      runs: 0,
      failures: 1,
      lagMs: 1000,
      failing: { slotAt: T0 + 1000, attempts: 1, retryAt: T0 + 3000 },
      lastError: { at: T0 + 2000, message: 'price missing' },
    });
    // Not before the retry is due; the second attempt fails too and waits twice as long.
    expect(await s.runDue(T0 + 2999)).toBe(0);
    await s.runDue(T0 + 3000);
    status = s.status(T0 + 3000).find((j) => j.name === 'test.funding');
    expect(status?.failing).toEqual({ slotAt: T0 + 1000, attempts: 2, retryAt: T0 + 5000 });
    // The third attempt succeeds, then the slots behind it run in order.
    await s.runDue(T0 + 5000);
    expect(effects(db, 'test.funding').map((e) => e.slot - S0)).toEqual([1, 2, 3, 4, 5]);
    status = s.status(T0 + 5000).find((j) => j.name === 'test.funding');
    expect(status).toMatchObject({ runs: 5, failures: 2, failing: null, lagMs: 0 });
    const history = s.history('test.funding', 10) ?? [];
    expect(history.map((r) => [r.slotAt - T0, r.outcome, r.attempt])).toEqual([
      [5000, 'done', 1],
      [4000, 'done', 1],
      [3000, 'done', 1],
      [2000, 'done', 1],
      [1000, 'done', 3],
      [1000, 'failed', 2],
      [1000, 'failed', 1],
    ]);
    expect(history.at(-1)?.error).toBe('price missing');
  });

  it('drops a `latest` job’s retry when a newer slot comes due first', async () => {
    const { db, scheduler } = world();
    const s = scheduler();
    let fail = true;
    s.register(
      'test',
      recorder(db, { name: 'publish', catchUp: 'latest', everyMs: 100 }, () => {
        if (fail) throw new Error('hub down');
      }),
    );
    await s.runDue(T0 + 100);
    fail = false;
    // The default retry is a second away, but the next slot comes sooner: it is the retry.
    expect(s.status(T0 + 150)[0]?.nextDueAt).toBe(T0 + 200);
    expect(await s.runDue(T0 + 150)).toBe(0);
    await s.runDue(T0 + 200);
    expect(effects(db).map((e) => e.at - T0)).toEqual([200]);
    expect(s.status(T0 + 200)[0]).toMatchObject({ runs: 1, failures: 1, failing: null });
  });

  it('runs asynchronous jobs without overlapping them; what they commit shares the slot’s record', async () => {
    const { db, tx, scheduler } = world();
    const s = scheduler();
    const insert = db.prepare('INSERT INTO effects (job, slot) VALUES (?, ?)');
    let running = 0;
    let overlapped = false;
    s.register('test', {
      name: 'block',
      description: 'prepares, commits, then notifies',
      everyMs: 1000,
      catchUp: 'every',
      runAsync: async (slot) => {
        overlapped ||= running > 0;
        running++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        slot.commit(() => insert.run(slot.job, slot.slot));
        running--;
        if (slot.slot === S0 + 2) throw new Error('listener failed after the commit');
      },
    });
    await s.runDue(T0 + 3000);
    expect(overlapped).toBe(false);
    expect(effects(db).map((e) => e.slot - S0)).toEqual([1, 2, 3]);
    // A failure after the commit is recorded, but the slot is done: it is not run again.
    expect(s.status(T0 + 3000)[0]).toMatchObject({ runs: 3, failures: 1, failing: null });
    expect(tx.active).toBe(false);
  });

  it('keeps a bounded history: frequent jobs keep only their counters, the others their newest runs', async () => {
    const { db, scheduler } = world();
    const s = scheduler();
    s.register('test', recorder(db, { name: 'frequent', catchUp: 'every', everyMs: 50 }));
    s.register('test', recorder(db, { name: 'kept', catchUp: 'every', everyMs: 50, history: true }));
    await s.runDue(T0 + 250 * 50);
    const rows = db.prepare<[], { job: string; n: number }>(
      'SELECT job, count(*) AS n FROM scheduler_runs GROUP BY job ORDER BY job',
    );
    expect(rows.all()).toEqual([{ job: 'test.kept', n: HISTORY_SIZE }]);
    expect(s.history('test.kept', 1)?.[0]?.slotAt).toBe(T0 + 250 * 50);
    expect(s.status(T0 + 250 * 50).map((j) => j.runs)).toEqual([250, 250]);
  });

  it('keeps the instant already done when a job’s schedule changes, and refuses malformed jobs', async () => {
    const { db, scheduler } = world();
    const first = scheduler();
    first.register('test', recorder(db, { name: 'accrual', everyMs: 1000 }));
    await first.runDue(T0 + 10_000);
    const second = scheduler();
    second.register('test', recorder(db, { name: 'accrual', everyMs: 4000 }));
    await second.runDue(T0 + 20_000);
    expect(effects(db).map((e) => e.at - T0)).toEqual([
      1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000, 12_000, 16_000, 20_000,
    ]);
    const bad = scheduler();
    expect(() => bad.register('test', recorder(db, { name: 'Bad name' }))).toThrow(/lower case/);
    expect(() => bad.register('test', recorder(db, { name: 'x', everyMs: 0 }))).toThrow(/everyMs/);
    expect(() => bad.register('test', recorder(db, { name: 'x', offsetMs: 1000 }))).toThrow(/offsetMs/);
    bad.register('test', recorder(db, { name: 'x' }));
    expect(() => bad.register('test', recorder(db, { name: 'x' }))).toThrow(/twice/);
  });

  it('drives itself in real time once started, and stops', async () => {
    const { db, tx } = world();
    const s = new Scheduler({ tx, repo: createSchedulerRepo(db), clock: Date, log: pino({ level: 'silent' }) });
    s.register('test', recorder(db, { name: 'tick', catchUp: 'latest', everyMs: 20 }));
    s.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await s.stop();
    const ran = effects(db).length;
    expect(ran).toBeGreaterThan(5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(effects(db).length).toBe(ran);
  });
});
