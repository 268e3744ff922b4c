import type { Logger } from 'pino';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';

/** What the group commit tells the owner of the in-memory state around each command and each batch. */
export interface BatchParticipant {
  /** A command is about to run (inside the batch transaction). */
  beginCommand(): void;
  /** It ran to the end. */
  commandSucceeded(): void;
  /**
   * It threw. True when it was refused before it changed anything the batch cannot undo in memory (no book
   * touched): its ledger postings were undone by the unit's rollback hooks and the batch goes on without it. False
   * when it failed after a book had changed: the whole batch is rolled back and run again without it.
   */
  commandRefused(error: unknown): boolean;
  /** Every command has run: write what the batch deferred (inside the transaction, before the ledger's flush). */
  beforeCommit(): void;
  /** The batch is durable: publish what it changed. */
  batchCommitted(): void;
  /**
   * The batch transaction failed as a whole and rolled back: bring the in-memory state back to the database's.
   * False when that was impossible: no command may run any more.
   */
  batchFailed(error: unknown): boolean;
}

interface Job {
  run: () => unknown;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Thrown inside the batch transaction to roll it back when one command failed in a way only a rollback undoes. */
class CommandFailed extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super('a command of the batch failed');
  }
}

/**
 * Group commit: commands queue up while requests arrive and run together in ONE transaction on the next turn of the
 * event loop. Callers get their answer only after the batch has committed, so an acknowledged command is durable; the
 * cost of a commit is shared by the batch.
 *
 * Commands run without a savepoint each (`tx.unit`): they check everything before they change anything and defer
 * their writes to the end of the batch, so a refused command is undone in memory (its ledger postings by their undo
 * hooks) and has written nothing — which is verified (`tx.changes()`), not assumed. A command that fails in any other
 * way (a bug, a disk error: after the engine matched, or with rows written) rolls the whole batch back; the books it
 * touched are rebuilt from the database and the batch runs again without that command, which alone answers
 * SERVER_ERROR. One failing command can thus neither corrupt nor fail the others.
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
    // Each round either commits or removes one failed command, so this ends.
    while (jobs.length > 0) jobs = this.runBatch(jobs);
  }

  /** Runs one batch; returns the commands to run again (all but a failed one) when it had to be rolled back. */
  private runBatch(jobs: Job[]): Job[] {
    const outcomes: Outcome[] = [];
    const p = this.participant;
    const tx = this.tx;
    try {
      tx.run(() => {
        for (let i = 0; i < jobs.length; i++) {
          const job = jobs[i] as Job;
          p.beginCommand();
          const written = tx.changes();
          try {
            outcomes.push({ ok: true, value: tx.unit(job.run) });
            p.commandSucceeded();
          } catch (error) {
            // A refusal must have written no row: that is what lets it go without a savepoint.
            if (!p.commandRefused(error) || tx.changes() !== written) throw new CommandFailed(i, error);
            outcomes.push({ ok: false, error });
          }
        }
        p.beforeCommit();
      });
    } catch (error) {
      const restored = p.batchFailed(error);
      if (error instanceof CommandFailed && restored) {
        this.log.error(
          { err: error.error },
          'a spot command failed; its batch was rolled back and runs again without it',
        );
        (jobs[error.index] as Job).reject(new DomainError('SERVER_ERROR'));
        return jobs.filter((_, i) => i !== error.index);
      }
      this.log.error(
        { err: error instanceof CommandFailed ? error.error : error },
        restored ? 'spot batch failed to commit; state rebuilt from the database' : 'spot batch failed; trading halted',
      );
      for (let i = 0; i < jobs.length; i++) {
        const outcome = outcomes[i];
        // A command refused on its own keeps its answer; the others were lost with the batch.
        (jobs[i] as Job).reject(
          outcome && !outcome.ok && outcome.error instanceof DomainError
            ? outcome.error
            : new DomainError('SYSTEM_BUSY'),
        );
      }
      return [];
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
    return [];
  }
}
