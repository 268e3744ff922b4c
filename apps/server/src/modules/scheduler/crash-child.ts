/**
 * The process the scheduler's crash test kills (`scheduler.test.ts`): a scheduler on the database given, with one
 * `every` job that records each slot in `effects`. At slot `hangAt` the job writes its effect, says so on stdout and
 * then hangs inside the slot's transaction, so `kill -9` lands between the job's write and the slot's commit.
 *
 * node --import tsx crash-child.ts <db file> <now> <hangAt>
 */
import pino from 'pino';
import { openDatabase } from '../../db/database';
import { Transactions } from '../../lib/tx';
import { createSchedulerRepo } from './repo';
import { Scheduler } from './scheduler';

const [file, nowArg, hangArg] = process.argv.slice(2);
if (!file || !nowArg || !hangArg) throw new Error('usage: crash-child.ts <db file> <now> <hangAt>');
const now = Number(nowArg);
const hangAt = Number(hangArg);
const db = openDatabase(file);
const tx = new Transactions(db);
const insert = db.prepare('INSERT INTO effects (job, slot) VALUES (?, ?)');
const scheduler = new Scheduler({
  tx,
  repo: createSchedulerRepo(db),
  clock: { now: () => now },
  log: pino({ level: 'silent' }),
});
scheduler.register('test', {
  name: 'accrual',
  description: 'records each slot',
  everyMs: 1000,
  catchUp: 'every',
  run: ({ job, slot }) => {
    insert.run(job, slot);
    if (slot === hangAt) {
      process.stdout.write(`hanging at ${slot}\n`);
      // Block the thread inside the open transaction until the parent kills the process.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    }
  },
});
await scheduler.runDue(now);
process.stdout.write('finished\n');
