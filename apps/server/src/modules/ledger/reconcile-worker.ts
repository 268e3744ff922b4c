import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { type ExternalFlows, reconcile } from './reconcile';

/**
 * Reconciliation off the main thread: a read-only connection and one read transaction, so the check sees a
 * consistent snapshot while the exchange keeps writing (WAL lets readers and the writer proceed together).
 */
interface Job {
  file: string;
  flows?: ExternalFlows;
  now: number;
}

const job = workerData as Job;
const db = new Database(job.file, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  const report = db.transaction(() => reconcile(db, job.flows, job.now))();
  parentPort?.postMessage({ report });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
} finally {
  db.close();
}
