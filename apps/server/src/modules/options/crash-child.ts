/**
 * The process the options restart test kills (`options.restart.test.ts`): the whole app on the data directory given,
 * its clock standing at `now`, running the due jobs. After `hangAfter` round settlements (one ledger entry each) it says
 * so on stdout and hangs inside the slot's transaction, so `kill -9` lands in the middle of settling.
 *
 * node --import tsx crash-child.ts <data dir> <now> <hangAfter>
 */
import pino from 'pino';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

const [dataDir, nowArg, hangArg] = process.argv.slice(2);
if (!dataDir || !nowArg || !hangArg) throw new Error('usage: crash-child.ts <data dir> <now> <hangAfter>');
const now = Number(nowArg);
const hangAfter = Number(hangArg);
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false', CHAIN_BLOCK_MS: '0' });
const built = await buildApp(config, { clock: { now: () => now }, logger: pino({ level: 'silent' }) });
const ledger = built.services.ledger;
const settleHolds = ledger.settleHolds.bind(ledger);
let settled = 0;
ledger.settleHolds = (input) => {
  const id = settleHolds(input);
  if (input.reference.startsWith('options:round:') && ++settled === hangAfter) {
    process.stdout.write(`hanging after ${settled}\n`);
    // Block the thread inside the open transaction until the parent kills the process.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }
  return id;
};
await built.services.scheduler.runDue(now);
process.stdout.write('finished\n');
