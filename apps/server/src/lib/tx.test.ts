import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { tempDatabase } from '../test/db';
import { Transactions } from './tx';

let db: Db;
let dispose: () => void;
let tx: Transactions;
beforeEach(() => {
  ({ db, dispose } = tempDatabase());
  db.exec('CREATE TABLE t (v INTEGER)');
  tx = new Transactions(db);
});
afterEach(() => dispose());

const count = () => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;

describe('transactions', () => {
  it('runs commit hooks after the outermost commit, and drops those of a rolled-back savepoint', () => {
    const seen: string[] = [];
    tx.run(() => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      tx.afterCommit(() => seen.push('outer'));
      try {
        tx.run(() => {
          db.prepare('INSERT INTO t VALUES (2)').run();
          tx.afterCommit(() => seen.push('inner-failed'));
          tx.afterRollback(() => seen.push('inner-rolled-back'));
          throw new Error('no');
        });
      } catch {
        // the caller decides the inner failure is fine
      }
      tx.run(() => tx.afterCommit(() => seen.push('inner-ok')));
      expect(seen).toEqual(['inner-rolled-back']);
    });
    expect(seen).toEqual(['inner-rolled-back', 'outer', 'inner-ok']);
    expect(count()).toBe(1);
  });

  it('runs no commit hook when the outer transaction fails', () => {
    const seen: string[] = [];
    expect(() =>
      tx.run(() => {
        db.prepare('INSERT INTO t VALUES (1)').run();
        tx.afterCommit(() => seen.push('commit'));
        tx.afterRollback(() => seen.push('rollback'));
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(seen).toEqual(['rollback']);
    expect(count()).toBe(0);
  });

  it('refuses an asynchronous body', () => {
    expect(() => tx.run(async () => 1)).toThrow(/synchronous/);
  });
});

describe('before-commit hooks', () => {
  it('run inside the outermost transaction after its body, and their failure rolls everything back', () => {
    const seen: string[] = [];
    tx.run(() => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      tx.run(() => tx.beforeCommit(() => seen.push(`flush ${count()}`)));
      seen.push('body');
    });
    expect(seen).toEqual(['body', 'flush 1']);

    expect(() =>
      tx.run(() => {
        db.prepare('INSERT INTO t VALUES (2)').run();
        tx.beforeCommit(() => {
          throw new Error('flush failed');
        });
      }),
    ).toThrow('flush failed');
    expect(count()).toBe(1);
  });

  it('are forgotten when the transaction fails before them', () => {
    const seen: string[] = [];
    expect(() =>
      tx.run(() => {
        tx.beforeCommit(() => seen.push('stale'));
        throw new Error('no');
      }),
    ).toThrow('no');
    tx.run(() => undefined);
    expect(seen).toEqual([]);
  });

  it('undoes in reverse order', () => {
    const seen: number[] = [];
    expect(() =>
      tx.run(() => {
        tx.afterRollback(() => seen.push(1));
        tx.run(() => tx.afterRollback(() => seen.push(2)));
        tx.afterRollback(() => seen.push(3));
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(seen).toEqual([3, 2, 1]);
  });
});

describe('units (no savepoint)', () => {
  it('undo their hooks when they throw and pass them on when they succeed; SQL is theirs to avoid', () => {
    const seen: string[] = [];
    tx.run(() => {
      const before = tx.changes();
      expect(() =>
        tx.unit(() => {
          tx.afterRollback(() => seen.push('undo failed unit'));
          tx.afterCommit(() => seen.push('commit of failed unit'));
          throw new Error('refused');
        }),
      ).toThrow('refused');
      expect(tx.changes()).toBe(before);
      tx.unit(() => {
        tx.afterRollback(() => seen.push('undo good unit'));
        tx.afterCommit(() => seen.push('commit of good unit'));
      });
      // A unit that writes and then fails keeps its row: changes() is how the caller finds out.
      expect(() =>
        tx.unit(() => {
          db.prepare('INSERT INTO t VALUES (1)').run();
          throw new Error('wrote, then failed');
        }),
      ).toThrow('wrote, then failed');
      expect(tx.changes()).toBe(before + 1);
      expect(seen).toEqual(['undo failed unit']);
    });
    expect(seen).toEqual(['undo failed unit', 'commit of good unit']);
    expect(count()).toBe(1);

    seen.length = 0;
    expect(() =>
      tx.run(() => {
        tx.unit(() => tx.afterRollback(() => seen.push('undo good unit')));
        throw new Error('the transaction fails');
      }),
    ).toThrow('the transaction fails');
    expect(seen).toEqual(['undo good unit']);
  });

  it('exist only inside a transaction', () => {
    expect(() => tx.unit(() => 1)).toThrow(/outside a transaction/);
  });
});
