import type { Logger } from 'pino';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';

/** What the group commit tells the owner of the in-memory state around each command and each batch. */
export interface BatchParticipant {
  /** A command is about to run (inside the batch transaction, in its own savepoint). */
  beginCommand(): void;
  /** Its savepoint was released. */
  commandSucceeded(): void;
  /** Its savepoint rolled back. Returns the error to answer with (e.g. SERVER_ERROR for a bug, never its details). */
  commandFailed(error: unknown): unknown;
  /** The batch is durable: publish what it changed. */
  batchCommitted(): void;
  /** The batch transaction failed as a whole and rolled back: bring the in-memory state back to the database's. */
  batchFailed(error: unknown): void;
}

interface Job {
  run: () => unknown;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: commands queue up while requests arrive and run together in ONE transaction on the next turn of the
 * event loop, each in its own savepoint so a refused command leaves the others alone. Callers get their answer only
 * after the batch has committed, so an acknowledged command is durable; the cost of a commit is shared by the batch.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private batches = 0;
  private commands = 0;

  constructor(
    private readonly tx: Transactions,
    private readonly participant: BatchParticipant,
    private readonly log: Logger,
    private readonly maxBatch = 1024,
  ) {}

  /** Queues a synchronous command; resolves with its result once its batch is committed. */
  submit<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (value: never) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  stats(): { batches: number; commands: number; queued: number } {
    return { batches: this.batches, commands: this.commands, queued: this.queue.length };
  }

  /** Runs what is queued now (tests and shutdown; normally the event loop calls it). */
  flush(): void {
    this.scheduled = false;
    let jobs: Job[];
    if (this.queue.length <= this.maxBatch) {
      jobs = this.queue;
      this.queue = [];
    } else {
      jobs = this.queue.splice(0, this.maxBatch);
    }
    if (this.queue.length > 0 && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    if (jobs.length === 0) return;

    const outcomes: Outcome[] = [];
    const p = this.participant;
    try {
      this.tx.run(() => {
        for (const job of jobs) {
          p.beginCommand();
          try {
            outcomes.push({ ok: true, value: this.tx.run(job.run) });
            p.commandSucceeded();
          } catch (error) {
            outcomes.push({ ok: false, error: p.commandFailed(error) });
          }
        }
      });
    } catch (error) {
      this.log.error({ err: error }, 'spot batch failed to commit; state rebuilt from the database');
      p.batchFailed(error);
      for (let i = 0; i < jobs.length; i++) {
        const outcome = outcomes[i];
        // A command refused on its own keeps its answer; the others were lost with the batch.
        (jobs[i] as Job).reject(
          outcome && !outcome.ok && outcome.error instanceof DomainError
            ? outcome.error
            : new DomainError('SYSTEM_BUSY'),
        );
      }
      return;
    }
    this.batches++;
    this.commands += jobs.length;
    try {
      p.batchCommitted();
    } catch (error) {
      // The data is committed; a failure to publish must not turn into a failed order.
      this.log.error({ err: error }, 'publishing a spot batch failed');
    }
    for (let i = 0; i < jobs.length; i++) {
      const outcome = outcomes[i] as Outcome;
      const job = jobs[i] as Job;
      if (outcome.ok) job.resolve(outcome.value as never);
      else job.reject(outcome.error);
    }
  }
}
