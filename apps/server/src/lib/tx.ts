import type { Statement } from 'better-sqlite3';
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
  private readonly totalChanges: Statement<[], number>;

  constructor(private readonly db: Db) {
    this.inTransaction = db.transaction((fn: () => unknown) => {
      const value = fn();
      if (value instanceof Promise) throw new Error('a transaction body must be synchronous');
      return value;
    });
    this.totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
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

  /**
   * Runs `fn` inside the current transaction as one unit of in-process work, WITHOUT a savepoint. If it throws, the
   * undo hooks it registered run (reverse order) and its commit hooks are dropped, as for a rolled-back savepoint;
   * but SQL it executed is NOT undone. Only for work that checks everything before it changes anything and defers
   * its writes to `beforeCommit` (the spot desk, ledger postings): a savepoint copies every page first written under
   * it into the sub-journal, which cost more than a whole order did. The caller verifies with `changes()` that a
   * unit that failed wrote nothing, and otherwise rolls the transaction back.
   */
  unit<T>(fn: () => T): T {
    if (this.frames.length === 0) throw new Error('unit outside a transaction');
    const frame: Frame = { commit: [], rollback: [] };
    this.frames.push(frame);
    let result: T;
    try {
      result = fn();
    } catch (error) {
      this.frames.pop();
      for (let i = frame.rollback.length - 1; i >= 0; i--) frame.rollback[i]?.();
      throw error;
    }
    this.frames.pop();
    const parent = this.frames[this.frames.length - 1] as Frame;
    for (const hook of frame.commit) parent.commit.push(hook);
    for (const hook of frame.rollback) parent.rollback.push(hook);
    return result;
  }

  /** Rows changed by INSERT, UPDATE and DELETE on this connection so far (SQLite's total_changes()). */
  changes(): number {
    return this.totalChanges.get() as number;
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
