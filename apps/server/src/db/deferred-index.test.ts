import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DeferredIndex } from './deferred-index';

interface Row {
  id: number;
  owner: number;
  kind: string;
}

function setup(flushRows = 10) {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE src (id INTEGER PRIMARY KEY, owner INTEGER NOT NULL, kind TEXT NOT NULL);
    CREATE TABLE src_owners (owner INTEGER NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (owner, id)) WITHOUT ROWID;
    CREATE TABLE src_owners_upto (one INTEGER PRIMARY KEY CHECK (one = 1), upto INTEGER NOT NULL);
    INSERT INTO src_owners_upto (one, upto) VALUES (1, 0);`);
  const index = new DeferredIndex(db, { table: 'src_owners', source: 'src', key: 'owner', flushRows, flushMs: 1000 });
  const insert = db.prepare('INSERT INTO src (id, owner, kind) VALUES (?, ?, ?)');
  let next = 1;
  /** Writes `n` rows in one transaction and tells the index, at `now`; `fail` rolls the transaction back after. */
  const batch = (rows: [owner: number, kind: string][], now: number, fail = false) => {
    const run = db.transaction(() => {
      for (const [owner, kind] of rows) insert.run(next++, owner, kind);
      index.wrote(rows.length, now);
      if (fail) throw new Error('rolled back');
    });
    const start = next;
    try {
      run();
    } catch {
      next = start;
    }
  };
  const naive = (owner: number, kind?: string, minId = 0) =>
    (
      db
        .prepare('SELECT id, owner, kind FROM src WHERE owner = ? AND id >= ? ORDER BY id DESC')
        .all(owner, minId) as Row[]
    ).filter((r) => kind === undefined || r.kind === kind);
  const upto = () => (db.prepare('SELECT upto FROM src_owners_upto').get() as { upto: number }).upto;
  const indexed = () => (db.prepare('SELECT COUNT(*) AS n FROM src_owners').get() as { n: number }).n;
  return { db, index, batch, naive, upto, indexed };
}

const page = (index: DeferredIndex, owner: number, limit: number, offset: number, kind?: string, minId?: number) =>
  index.page<Row>(
    {
      key: owner,
      columns: 'o.id, o.owner, o.kind',
      safeIntegers: false,
      ...(kind ? { where: 'o.kind = ?', args: [kind] } : {}),
      ...(minId === undefined ? {} : { minId }),
    },
    limit,
    offset,
  );

describe('DeferredIndex', () => {
  it('flushes once enough rows wait or the oldest is old enough, and reads across the boundary like an index', () => {
    const t = setup(10);
    t.batch(
      [
        [1, 'a'],
        [2, 'a'],
        [1, 'b'],
      ],
      0,
    );
    expect(t.upto()).toBe(0); // 3 rows wait
    t.batch(
      Array.from({ length: 7 }, (_, i) => [1 + (i % 3), i % 2 ? 'a' : 'b'] as [number, string]),
      10,
    );
    expect(t.upto()).toBe(10); // 10 rows: flushed, sorted by owner
    expect(t.indexed()).toBe(10);
    t.batch([[3, 'a']], 20);
    expect(t.upto()).toBe(10);
    t.batch([[1, 'a']], 1020); // the oldest waiting row is a second old
    expect(t.upto()).toBe(12);
    t.batch(
      [
        [1, 'b'],
        [2, 'a'],
      ],
      1030,
    );
    for (const owner of [1, 2, 3, 4]) {
      for (const kind of [undefined, 'a', 'b']) {
        const all = t.naive(owner, kind);
        for (const [limit, offset] of [
          [1, 0],
          [2, 1],
          [3, 2],
          [50, 0],
          [2, 5],
        ] as const) {
          const got = page(t.index, owner, limit, offset, kind);
          expect(got.total).toBe(all.length);
          expect(got.rows).toEqual(all.slice(offset, offset + limit));
        }
        expect(
          t.index.all<Row>({
            key: owner,
            columns: 'o.id, o.owner, o.kind',
            safeIntegers: false,
            ...(kind ? { where: 'o.kind = ?', args: [kind] } : {}),
          }),
        ).toEqual([...all].reverse());
      }
    }
    // A lower bound on the ids, on both sides of `upto`.
    for (const minId of [1, 5, 11, 13, 99]) {
      expect(page(t.index, 1, 50, 0, undefined, minId).rows).toEqual(t.naive(1, undefined, minId));
      expect(t.index.all<Row>({ key: 1, minId, columns: 'o.id, o.owner, o.kind', safeIntegers: false })).toEqual(
        t.naive(1, undefined, minId).reverse(),
      );
    }
  });

  it('loses nothing when a flushing transaction rolls back, and catches up after a stop', () => {
    const t = setup(4);
    t.batch(
      [
        [1, 'a'],
        [2, 'a'],
      ],
      0,
    );
    t.batch(
      [
        [1, 'a'],
        [2, 'a'],
        [3, 'a'],
      ],
      0,
      true,
    ); // would have flushed: rolled back with it
    expect(t.upto()).toBe(0);
    expect(t.indexed()).toBe(0);
    expect(page(t.index, 1, 10, 0).rows.map((r) => r.id)).toEqual([1]);
    t.batch([[1, 'b']], 0); // the count was reset by the rolled-back flush: these wait
    expect(t.upto()).toBe(0);
    // A restart: a new index over the same tables catches up with whatever waits.
    const again = new DeferredIndex(t.db, { table: 'src_owners', source: 'src', key: 'owner' });
    expect(t.db.transaction(() => again.flush())()).toBe(3);
    expect(t.upto()).toBe(3);
    expect(page(again, 1, 10, 0).rows.map((r) => r.id)).toEqual([3, 1]);
    expect(t.db.transaction(() => again.flush())()).toBe(0);
  });
});
