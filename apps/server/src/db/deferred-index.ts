import type { Statement } from 'better-sqlite3';
import type { Db } from './database';

/**
 * A lookup of a history table by an integer key (its rows by owner, say) kept as a table the server fills in bulk,
 * instead of an index SQLite maintains row by row.
 *
 * Why: an index on `(owner, id)` puts every new row on its owner's page of the index, so a commit that writes rows of
 * 64 owners appends about 64 more 4 KB pages to the WAL — for the spot desk 0.8 of the 1.7 pages an order wrote, and a
 * sixth of the server's CPU per order. Written here, the new rows' keys are inserted sorted, a few thousand at a time,
 * and each key's page is written once per flush instead of once per commit.
 *
 * How: the lookup table is `(<key>, id)`, the primary key, WITHOUT ROWID; its one-row companion `<table>_upto` says
 * that every source row with `id <= upto` has its lookup row and none above it has. A flush copies the source's rows
 * above `upto` (read from the source itself, in this transaction: nothing is kept in memory, so a rollback loses
 * nothing) and moves `upto`. Reads take the rows above `upto` by scanning the short tail of the source by id, and the
 * rest through the lookup table. The source's ids only grow, and its key never changes.
 */
export interface DeferredIndexSpec {
  /** The lookup table `(<key> INTEGER, id INTEGER, PRIMARY KEY (<key>, id)) WITHOUT ROWID`, and its `<table>_upto`. */
  table: string;
  /** The table the lookup finds rows of, by its integer primary key `id`. */
  source: string;
  /** The source's integer column the lookup is keyed by (the same name in the lookup table). */
  key: string;
  /** A flush is due once this many new rows wait, or the oldest waiting one is `flushMs` old. */
  flushRows?: number;
  flushMs?: number;
}

/** One page of a key's rows, newest first, and how many there are in all. */
export interface KeyPage<T> {
  rows: T[];
  total: number;
}

export interface KeyQuery {
  key: number;
  /** Extra conditions on the source row, aliased `o` (e.g. `o.status = ?`), and their parameters. */
  where?: string;
  args?: readonly unknown[];
  /** Only rows with `id >= minId` (a lower bound the caller knows, e.g. from a time: `firstIdSince`). */
  minId?: number;
  /** The columns to return (default `o.*`). */
  columns?: string;
  /** Read integers as bigint (default true: amounts are fixed point). */
  safeIntegers?: boolean;
}

export class DeferredIndex {
  private readonly flushRows: number;
  private readonly flushMs: number;
  private pending = 0;
  private since = 0;
  private readonly statements = new Map<string, Statement>();
  private readonly upto: string;

  constructor(
    private readonly db: Db,
    readonly spec: DeferredIndexSpec,
  ) {
    this.flushRows = spec.flushRows ?? 2048;
    this.flushMs = spec.flushMs ?? 1000;
    this.upto = `(SELECT upto FROM ${spec.table}_upto)`;
  }

  /**
   * `n` new source rows were written in the current transaction (after them, in it): writes the lookup rows of
   * every source row above `upto` when a flush is due.
   */
  wrote(n: number, now: number): void {
    if (n <= 0) return;
    if (this.pending === 0) this.since = now;
    this.pending += n;
    if (this.pending >= this.flushRows || now - this.since >= this.flushMs) this.flush();
  }

  /**
   * Writes the lookup rows of every source row above `upto`, sorted, and moves `upto` to the source's last id; the
   * number written. At start, it catches up with rows written after the last flush before a stop (kill -9 included).
   */
  flush(): number {
    const { table, source, key } = this.spec;
    const added = this.statement(
      `INSERT INTO ${table} (${key}, id) SELECT ${key}, id FROM ${source} WHERE id > ${this.upto} ORDER BY ${key}, id`,
    ).run().changes;
    this.statement(`UPDATE ${table}_upto SET upto = COALESCE((SELECT MAX(id) FROM ${source}), upto)`).run();
    this.pending = 0;
    return added;
  }

  /** One page of a key's rows, newest first: the tail above `upto` first, then the lookup table's. */
  page<T>(q: KeyQuery, limit: number, offset: number): KeyPage<T> {
    const { table, source, key } = this.spec;
    const cols = q.columns ?? 'o.*';
    const where = q.where ? ` AND ${q.where}` : '';
    const args = q.args ?? [];
    const bound = q.minId === undefined ? [] : [q.minId];
    const safe = q.safeIntegers ?? true;
    const tail = this.statement(
      `SELECT ${cols} FROM ${source} o WHERE o.id > ${this.upto} AND o.${key} = ?${q.minId === undefined ? '' : ' AND o.id >= ?'}${where} ORDER BY o.id DESC`,
      safe,
    ).all(q.key, ...bound, ...args) as T[];
    const from = `FROM ${table} w JOIN ${source} o ON o.id = w.id WHERE w.${key} = ?${q.minId === undefined ? '' : ' AND w.id >= ?'}${where}`;
    const counted = this.statement(`SELECT COUNT(*) AS n ${from}`, false).get(q.key, ...bound, ...args) as {
      n: number;
    };
    const rows = tail.slice(offset, offset + limit);
    if (rows.length < limit) {
      const older = this.statement(`SELECT ${cols} ${from} ORDER BY w.id DESC LIMIT ? OFFSET ?`, safe).all(
        q.key,
        ...bound,
        ...args,
        limit - rows.length,
        Math.max(0, offset - tail.length),
      ) as T[];
      for (const row of older) rows.push(row);
    }
    return { rows, total: tail.length + counted.n };
  }

  /** Every row of a key (with `id >= minId` when given) that meets the conditions, oldest first. */
  all<T>(q: KeyQuery): T[] {
    const { table, source, key } = this.spec;
    const cols = q.columns ?? 'o.*';
    const where = q.where ? ` AND ${q.where}` : '';
    const bound = q.minId === undefined ? [] : [q.minId];
    const minClause = (alias: string) => (q.minId === undefined ? '' : ` AND ${alias}.id >= ?`);
    const safe = q.safeIntegers ?? true;
    const args = q.args ?? [];
    const older = this.statement(
      `SELECT ${cols} FROM ${table} w JOIN ${source} o ON o.id = w.id WHERE w.${key} = ?${minClause('w')}${where} ORDER BY w.id`,
      safe,
    ).all(q.key, ...bound, ...args) as T[];
    const tail = this.statement(
      `SELECT ${cols} FROM ${source} o WHERE o.id > ${this.upto} AND o.${key} = ?${minClause('o')}${where} ORDER BY o.id`,
      safe,
    ).all(q.key, ...bound, ...args) as T[];
    for (const row of tail) older.push(row);
    return older;
  }

  private statement(sql: string, safeIntegers = false): Statement {
    const cacheKey = `${safeIntegers ? 1 : 0}${sql}`;
    let s = this.statements.get(cacheKey);
    if (!s) {
      s = this.db.prepare(sql);
      if (s.reader) s.safeIntegers(safeIntegers);
      this.statements.set(cacheKey, s);
    }
    return s;
  }
}
