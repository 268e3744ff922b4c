import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';

/**
 * WAL checkpoints on a separate thread. SQLite normally checkpoints inside whichever commit pushes the WAL past
 * `wal_autocheckpoint` pages: that commit then copies pages back into the database file and waits for fsync, on
 * the main thread, which stalls every request behind it. Here a worker with its own connection runs a PASSIVE
 * checkpoint (never blocks the writer) at a steady interval, and the main connection's automatic checkpoint is
 * raised to a safety net that only triggers if the worker falls far behind.
 */
export interface Checkpointer {
  close(): Promise<void>;
}

// Plain CommonJS evaluated in the worker, so it works from the TypeScript sources and from the bundle alike.
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error)); }
}, workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/** Pages the WAL may hold before the main connection checkpoints by itself (≈ 80 MB): only if the worker stalls. */
const SAFETY_NET_PAGES = 20_000;

export function startCheckpointer(
  db: Db,
  file: string,
  intervalMs = 250,
  onError?: (message: string) => void,
): Checkpointer {
  db.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, intervalMs } });
  worker.on('message', (message: string) => onError?.(message));
  worker.unref();
  return {
    close: async () => {
      // Unreferenced while running, so it never keeps a process alive; referenced again until it has closed.
      worker.ref();
      worker.postMessage('close');
      await new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    },
  };
}
