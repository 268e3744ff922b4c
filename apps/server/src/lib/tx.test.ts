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
