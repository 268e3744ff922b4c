import type { Db } from '../db/database';

interface Frame {
  commit: (() => void)[];
  rollback: (() => void)[];
}

/**
 * Every write goes through `run`: a synchronous transaction (a savepoint when nested). Work that must happen only
 * once the data is durable — publishing a live event, caching a new row id — is queued with `afterCommit` and runs
 * when the outermost transaction commits; it is dropped if the transaction (or the savepoint that queued it) rolls
 * back. Never await inside `run`.
 */
export class Transactions {
  private readonly frames: Frame[] = [];
  /**
   * One transaction function for every call: better-sqlite3 builds four wrapper closures each time `transaction()`
   * is called, which costs more than a savepoint on hot paths. It runs the function it is given, in BEGIN/COMMIT or,
   * when nested, in a savepoint.
   */
  private readonly inTransaction: (fn: () => unknown) => unknown;
  /** Work to do inside the outermost transaction just before it commits (deferred writes such as the ledger's). */
  private beforeCommitHooks: (() => void)[] = [];

  constructor(private readonly db: Db) {
    this.inTransaction = db.transaction((fn: () => unknown) => {
      const value = fn();
      if (value instanceof Promise) throw new Error('a transaction body must be synchronous');
      return value;
    });
  }

  /** True while a transaction opened by `run` is in progress. */
  get active(): boolean {
    return this.frames.length > 0;
  }

  run<T>(fn: () => T): T {
    if (this.frames.length === 0 && this.db.inTransaction) {
      throw new Error('a transaction was opened outside Transactions.run; use ctx.tx.run for every write');
    }
    const outermost = this.frames.length === 0;
    const frame: Frame = { commit: [], rollback: [] };
    this.frames.push(frame);
    let result: T;
    try {
      result = this.inTransaction(outermost ? () => this.withBeforeCommit(fn) : fn) as T;
    } catch (error) {
      this.frames.pop();
      if (outermost) this.beforeCommitHooks = [];
      // Undo in reverse order, as the changes were made.
      for (let i = frame.rollback.length - 1; i >= 0; i--) frame.rollback[i]?.();
      throw error;
    }
    this.frames.pop();
    const parent = this.frames.at(-1);
    if (parent) {
      parent.commit.push(...frame.commit);
      parent.rollback.push(...frame.rollback);
    } else {
      for (const hook of frame.commit) hook();
    }
    return result;
  }

  private withBeforeCommit<T>(fn: () => T): T {
    const value = fn();
    // A hook may schedule another (a flush that posts): run until none is left.
    while (this.beforeCommitHooks.length > 0) this.beforeCommitHooks.shift()?.();
    return value;
  }

  /**
   * Runs `hook` inside the outermost transaction, after its body and before COMMIT, once per call. A hook that
   * throws rolls the whole transaction back.
   */
  beforeCommit(hook: () => void): void {
    if (this.frames.length === 0) throw new Error('beforeCommit outside a transaction');
    this.beforeCommitHooks.push(hook);
  }

  /** Runs `hook` after the outermost transaction commits (at once when no transaction is open). */
  afterCommit(hook: () => void): void {
    const frame = this.frames.at(-1);
    if (frame) frame.commit.push(hook);
    else if (this.db.inTransaction) throw new Error('afterCommit inside a transaction not opened by Transactions.run');
    else hook();
  }

  /** Runs `hook` if the current transaction (or the savepoint that is current now) rolls back. */
  afterRollback(hook: () => void): void {
    this.frames.at(-1)?.rollback.push(hook);
  }
}
