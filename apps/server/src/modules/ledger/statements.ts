import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Transactions } from '../../lib/tx';

/**
 * Lines wait in memory until this many have gathered or the oldest is this old; then they are written, each
 * account's lines packed into chunk rows: one insert per account and batch instead of one per line (a B-tree insert
 * costs about a microsecond whatever its size, and a spot order makes four or five lines).
 */
const FLUSH_LINES = 8192;
const FLUSH_MS = 1000;
/** Lines per chunk row at most (2 KiB: a row stays on its page). */
const CHUNK_LINES = 64;
const LINE_BYTES = 32;
const CHUNKS_PER_INSERT = 32;
/** Entries read from the journal at a time when the statements catch up. */
const CATCH_UP_ENTRIES = 50_000;
/** Per waiting line: account id, entry id, reason id, entry time (numbers) … */
const IDS = 4;
/** … and the available and frozen balances after the entry (64-bit integers). */
const AMOUNTS = 2;
const TWO_POW_53 = 2 ** 53;

/** One line of an account's statement as stored: the entry, its reason and the balances after it. */
export interface StoredLine {
  entryId: number;
  reasonId: number;
  availableAfter: bigint;
  frozenAfter: bigint;
}

/** A line with its change (the difference to the account's line before it). */
export interface DecodedLine extends StoredLine {
  accountId: number;
  available: bigint;
  frozen: bigint;
}

export interface EntryInfo {
  id: number;
  reference: string;
  reason: string;
  created_at: number;
  meta: string | null;
}

interface ChunkRow {
  account_id: number;
  first_entry: number;
  lines: Buffer;
}

/**
 * The statement of every account: each movement (one line per account and journal entry) with the balances after
 * it, in `ledger_statement` chunk rows keyed (account, first entry). A posting stages its lines at once (undone
 * with it when its unit or transaction rolls back); the ledger's flush hands the transaction's lines over, and once
 * it commits they wait in memory until the ledger's indexes are due, then they are written, together with the holds
 * (LedgerService.writeIndexes). After a crash the waiting lines are gone, but the journal has them: `catchUp`
 * rebuilds them at start.
 */
export class StatementIndex {
  /**
   * Waiting lines, in entry order: `count` committed ones, then `staged` ones of the current transaction (of which
   * the first `written` are in the table already, by a reader earlier in the same transaction). Typed arrays rather
   * than arrays of bigints: the lines live up to a second, and a second of an exchange's postings kept as heap
   * objects would be promoted to the old generation and collected at a high price.
   */
  private ids = new Float64Array(IDS * 1024);
  private amounts = new BigInt64Array(AMOUNTS * 1024);
  private encoded = new ArrayBuffer(0);
  private count = 0;
  private staged = 0;
  private written = 0;
  private backlogSince = 0;
  /** Committed reasons by text; `newReasons` were numbered by this transaction and are written at its flush. */
  private readonly reasonIds = new Map<string, number>();
  private readonly reasonNames = new Map<number, string>();
  private readonly newReasons = new Map<string, number>();
  private nextReasonId = 1;
  private readonly inserts = new Map<number, Statement<unknown[]>>();
  private readonly q: {
    insertReason: Statement<[number, string]>;
    chunksBefore: Statement<[number, number], ChunkRow>;
    chunksSince: Statement<[number, number], ChunkRow>;
    lastChunk: Statement<[number], ChunkRow>;
  };

  constructor(
    private readonly db: Db,
    private readonly tx: Transactions,
    private readonly clock: Clock,
  ) {
    this.q = {
      insertReason: db.prepare('INSERT INTO ledger_reasons (id, reason) VALUES (?, ?)'),
      chunksBefore: db.prepare(
        `SELECT account_id, first_entry, lines FROM ledger_statement
         WHERE account_id = ? AND first_entry < ? ORDER BY first_entry DESC`,
      ),
      chunksSince: db.prepare(
        `SELECT account_id, first_entry, lines FROM ledger_statement
         WHERE account_id = ? AND newest_at >= ? ORDER BY first_entry DESC`,
      ),
      lastChunk: db.prepare(
        'SELECT account_id, first_entry, lines FROM ledger_statement WHERE account_id = ? ORDER BY first_entry DESC LIMIT 1',
      ),
    };
    this.loadReasons();
  }

  private loadReasons(): void {
    this.reasonIds.clear();
    this.reasonNames.clear();
    let max = 0;
    for (const row of this.db
      .prepare<[], { id: number; reason: string }>('SELECT id, reason FROM ledger_reasons')
      .all()) {
      this.reasonIds.set(row.reason, row.id);
      this.reasonNames.set(row.id, row.reason);
      if (row.id > max) max = row.id;
    }
    this.nextReasonId = max + 1;
  }

  // ---- writing ------------------------------------------------------------------------------------------------

  /**
   * The reason's number (lines store it instead of the text). A new reason is numbered in memory and written at the
   * flush, so a posting still executes no write.
   */
  reasonId(reason: string): number {
    const known = this.reasonIds.get(reason) ?? this.newReasons.get(reason);
    if (known !== undefined) return known;
    const id = this.nextReasonId++;
    this.newReasons.set(reason, id);
    this.tx.afterRollback(() => {
      // Undone with the posting that numbered it (later numbers were undone before it).
      this.newReasons.delete(reason);
      this.nextReasonId = id;
    });
    return id;
  }

  /** How many lines the current transaction has staged (a posting's undo goes back to this mark). */
  get mark(): number {
    return this.staged;
  }

  /** Undoes the lines staged after `mark` (a rolled-back posting). */
  unstage(mark: number): void {
    this.staged = mark;
  }

  /** Stages one line of the current transaction (in entry order). */
  stage(
    accountId: number,
    entryId: number,
    reasonId: number,
    createdAt: number,
    availableAfter: bigint,
    frozenAfter: bigint,
  ): void {
    const row = this.count + this.staged;
    if ((row + 1) * IDS > this.ids.length) this.grow();
    const at = row * IDS;
    this.ids[at] = accountId;
    this.ids[at + 1] = entryId;
    this.ids[at + 2] = reasonId;
    this.ids[at + 3] = createdAt;
    const m = row * AMOUNTS;
    this.amounts[m] = availableAfter;
    this.amounts[m + 1] = frozenAfter;
    this.staged++;
  }

  /**
   * Inside the ledger's flush: new reasons are written; the transaction's staged lines join the waiting ones once
   * it commits (and vanish if it rolls back).
   */
  commitStaged(): void {
    if (this.newReasons.size > 0) {
      const added = [...this.newReasons];
      for (const [reason, id] of added) this.q.insertReason.run(id, reason);
      this.tx.afterCommit(() => {
        for (const [reason, id] of added) {
          this.reasonIds.set(reason, id);
          this.reasonNames.set(id, reason);
        }
        this.newReasons.clear();
      });
    }
    if (this.staged === 0) return;
    const now = this.clock.now();
    this.tx.afterCommit(() => {
      if (this.count === 0) this.backlogSince = now;
      this.count += this.staged;
      this.staged = 0;
    });
    this.tx.afterRollback(() => {
      this.staged = 0;
    });
  }

  /** Whether the waiting lines (with the staged ones) make a batch: enough of them, or the oldest old enough. */
  due(now: number): boolean {
    return this.count + this.staged >= FLUSH_LINES || (this.count > 0 && now - this.backlogSince >= FLUSH_MS);
  }

  /** The entry of the newest committed waiting line, or 0 when none waits. */
  lastWaitingEntry(): number {
    return this.count === 0 ? 0 : (this.ids[(this.count - 1) * IDS + 1] as number);
  }

  /** Lines not written yet (tests, figures). */
  get pending(): number {
    return this.count;
  }

  /**
   * Writes every waiting line, committed and staged, not written yet: each account's lines in chunk rows. They are
   * forgotten once this commits. The caller moves `ledger_index_upto` to the newest of them.
   */
  writeAll(upto: number): void {
    const from = this.written;
    const n = this.count + this.staged;
    if (n <= from) return;
    const rows = this.sortedByAccount(from, n);
    // Every line encoded once into one buffer (a DataView: native stores, little-endian whatever the machine); each
    // chunk row binds a view of its part (SQLite copies a bound blob, so the buffer is reused by the next write).
    if (this.encoded.byteLength < rows.length * LINE_BYTES) {
      this.encoded = new ArrayBuffer(Math.max(rows.length, FLUSH_LINES) * LINE_BYTES * 2);
    }
    const encoded = this.encoded;
    const view = new DataView(encoded);
    const ids = this.ids;
    const amounts = this.amounts;
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k] as number;
      const at = k * LINE_BYTES;
      view.setFloat64(at, ids[row * IDS + 1] as number, true);
      view.setUint32(at + 8, ids[row * IDS + 2] as number, true);
      view.setBigInt64(at + 16, amounts[row * AMOUNTS] as bigint, true);
      view.setBigInt64(at + 24, amounts[row * AMOUNTS + 1] as bigint, true);
    }
    let values: unknown[] = [];
    let chunks = 0;
    let i = 0;
    while (i < rows.length) {
      const account = ids[(rows[i] as number) * IDS] as number;
      let newest = ids[(rows[i] as number) * IDS + 3] as number;
      let end = i + 1;
      while (end < rows.length && end - i < CHUNK_LINES && ids[(rows[end] as number) * IDS] === account) {
        newest = Math.max(newest, ids[(rows[end] as number) * IDS + 3] as number);
        end++;
      }
      values.push(
        account,
        ids[(rows[i] as number) * IDS + 1] as number,
        ids[(rows[end - 1] as number) * IDS + 1] as number,
        newest,
        Buffer.from(encoded, i * LINE_BYTES, (end - i) * LINE_BYTES),
      );
      if (++chunks === CHUNKS_PER_INSERT) {
        this.insert(values);
        values = [];
        chunks = 0;
      }
      i = end;
    }
    if (values.length > 0) this.insert(values);
    this.written = n;
    this.tx.afterCommit(() => {
      this.written = 0;
      this.forgetThrough(upto);
    });
    this.tx.afterRollback(() => {
      this.written = 0;
    });
  }

  /** Rows `from`…`n - 1` ordered by account, then entry (they are in entry order already: ties keep it). */
  private sortedByAccount(from: number, n: number): Uint32Array | number[] {
    const size = n - from;
    const shift = 2 ** Math.ceil(Math.log2(n + 1));
    let maxAccount = 0;
    for (let i = from; i < n; i++) maxAccount = Math.max(maxAccount, this.ids[i * IDS] as number);
    if ((maxAccount + 1) * shift >= TWO_POW_53) {
      const order = Array.from({ length: size }, (_, k) => from + k);
      return order.sort((a, b) => (this.ids[a * IDS] as number) - (this.ids[b * IDS] as number) || a - b);
    }
    // Account and row number in one float sort natively (no comparator).
    const keys = new Float64Array(size);
    for (let k = 0; k < size; k++) keys[k] = (this.ids[(from + k) * IDS] as number) * shift + from + k;
    keys.sort();
    const out = new Uint32Array(size);
    for (let k = 0; k < size; k++) out[k] = (keys[k] as number) % shift;
    return out;
  }

  private insert(values: unknown[]): void {
    const chunks = values.length / 5;
    let statement = this.inserts.get(chunks);
    if (!statement) {
      const tuples = Array.from({ length: chunks }, () => '(?, ?, ?, ?, ?)').join(', ');
      statement = this.db.prepare(
        `INSERT INTO ledger_statement (account_id, first_entry, last_entry, newest_at, lines) VALUES ${tuples}`,
      );
      this.inserts.set(chunks, statement);
    }
    statement.run(...values);
  }

  /** Drops the waiting (committed) lines of entries up to `upto`: they are in the table now. */
  private forgetThrough(upto: number): void {
    let drop = 0;
    while (drop < this.count && (this.ids[drop * IDS + 1] as number) <= upto) drop++;
    if (drop === 0) return;
    const keep = this.count - drop + this.staged;
    this.ids.copyWithin(0, drop * IDS, (drop + keep) * IDS);
    this.amounts.copyWithin(0, drop * AMOUNTS, (drop + keep) * AMOUNTS);
    this.count -= drop;
    if (this.count > 0) this.backlogSince = this.clock.now();
  }

  private grow(): void {
    const ids = new Float64Array(this.ids.length * 2);
    ids.set(this.ids);
    this.ids = ids;
    const amounts = new BigInt64Array(this.amounts.length * 2);
    amounts.set(this.amounts);
    this.amounts = amounts;
  }

  /**
   * Writes the lines of every entry after `upto` straight from the journal, inside the caller's transaction: at the
   * first start after the upgrade (the whole journal) and after a crash (what was still in memory). The balances
   * after each entry continue from the account's last written line. Reads the journal a range of entries at a time,
   * so memory stays flat however long the journal. Returns the lines written.
   */
  catchUp(upto: number, last: number): number {
    if (this.count + this.staged > 0) throw new Error('statement catch-up with lines waiting');
    this.db
      .prepare(
        `INSERT OR IGNORE INTO ledger_reasons (reason)
         SELECT DISTINCT reason FROM journal_entries WHERE id > ? ORDER BY reason`,
      )
      .run(upto);
    this.loadReasons();
    const moves = this.db
      .prepare<
        [number, number],
        { account_id: bigint; entry_id: bigint; reason: string; created_at: bigint; available: bigint; frozen: bigint }
      >(
        `SELECT m.account_id, m.entry_id, e.reason, e.created_at, m.available, m.frozen
         FROM (SELECT l.account_id, l.entry_id,
                      SUM(CASE l.bucket WHEN 'available' THEN l.amount ELSE 0 END) AS available,
                      SUM(CASE l.bucket WHEN 'frozen' THEN l.amount ELSE 0 END) AS frozen
               FROM journal_legs l WHERE l.entry_id > ? AND l.entry_id <= ? GROUP BY l.account_id, l.entry_id) m
         JOIN journal_entries e ON e.id = m.entry_id
         ORDER BY m.account_id, m.entry_id`,
      )
      .safeIntegers(true);
    let written = 0;
    // Each range's lines make chunks of their own (ranges are disjoint: an account's chunks stay in entry order).
    for (let from = upto; from < last; from += CATCH_UP_ENTRIES) {
      written += this.catchUpRange(moves.all(from, Math.min(last, from + CATCH_UP_ENTRIES)));
    }
    return written;
  }

  private catchUpRange(
    moves: readonly {
      account_id: bigint;
      entry_id: bigint;
      reason: string;
      created_at: bigint;
      available: bigint;
      frozen: bigint;
    }[],
  ): number {
    let account = -1;
    let available = 0n;
    let frozen = 0n;
    let chunk: { first: number; last: number; newest: number; lines: Buffer[] } | null = null;
    let values: unknown[] = [];
    const emit = () => {
      if (!chunk) return;
      values.push(account, chunk.first, chunk.last, chunk.newest, Buffer.concat(chunk.lines));
      chunk = null;
      if (values.length === CHUNKS_PER_INSERT * 5) {
        this.insert(values);
        values = [];
      }
    };
    for (const row of moves) {
      const accountId = Number(row.account_id);
      if (accountId !== account) {
        emit();
        account = accountId;
        const last = this.lastLine(accountId);
        available = last?.availableAfter ?? 0n;
        frozen = last?.frozenAfter ?? 0n;
      }
      available += row.available;
      frozen += row.frozen;
      const entryId = Number(row.entry_id);
      const reasonId = this.reasonIds.get(row.reason);
      if (reasonId === undefined) throw new Error(`reason ${row.reason} has no number`);
      const line = Buffer.alloc(LINE_BYTES);
      const view = new DataView(line.buffer, line.byteOffset, LINE_BYTES);
      view.setFloat64(0, entryId, true);
      view.setUint32(8, reasonId, true);
      view.setBigInt64(16, available, true);
      view.setBigInt64(24, frozen, true);
      chunk ??= { first: entryId, last: entryId, newest: 0, lines: [] };
      chunk.last = entryId;
      chunk.newest = Math.max(chunk.newest, Number(row.created_at));
      chunk.lines.push(line);
      if (chunk.lines.length === CHUNK_LINES) emit();
    }
    emit();
    if (values.length > 0) this.insert(values);
    return moves.length;
  }

  private lastLine(accountId: number): StoredLine | undefined {
    const chunk = this.q.lastChunk.get(accountId);
    if (!chunk) return undefined;
    return decodeLines(chunk.lines).at(-1);
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  reasonName(id: number): string | undefined {
    return this.reasonNames.get(id);
  }

  /**
   * One page of an account's statement, newest first, strictly before entry `before`: up to `limit` lines, each with
   * its change, and whether older lines exist.
   */
  page(accountId: number, before: number, limit: number): { lines: DecodedLine[]; more: boolean } {
    // One line more than asked: the change of the oldest line shown is its difference to that one.
    const found: StoredLine[] = [];
    for (const chunk of this.q.chunksBefore.iterate(accountId, before)) {
      const lines = decodeLines(chunk.lines);
      for (let i = lines.length - 1; i >= 0 && found.length <= limit; i--) {
        const line = lines[i] as StoredLine;
        if (line.entryId < before) found.push(line);
      }
      if (found.length > limit) break;
    }
    const out: DecodedLine[] = [];
    for (let i = 0; i < Math.min(limit, found.length); i++) {
      const line = found[i] as StoredLine;
      const previous = found[i + 1];
      out.push({
        ...line,
        accountId,
        available: line.availableAfter - (previous?.availableAfter ?? 0n),
        frozen: line.frozenAfter - (previous?.frozenAfter ?? 0n),
      });
    }
    return { lines: out, more: found.length > limit };
  }

  /**
   * Every line of these accounts for one of these reasons in chunks touched since `since` (a time), newest first,
   * each with its change. The caller filters the entries' own times and pages.
   */
  linesFor(accountIds: readonly number[], reasons: readonly string[], since: number): DecodedLine[] {
    const wanted = new Set<number>();
    for (const reason of reasons) {
      const id = this.reasonIds.get(reason);
      if (id !== undefined) wanted.add(id);
    }
    const out: DecodedLine[] = [];
    if (wanted.size === 0) return out;
    for (const accountId of accountIds) {
      let previousChunk: StoredLine[] | null = null;
      const chunks = this.q.chunksSince.all(accountId, since);
      for (let c = 0; c < chunks.length; c++) {
        const lines = decodeLines((chunks[c] as ChunkRow).lines);
        for (let i = lines.length - 1; i >= 0; i--) {
          const line = lines[i] as StoredLine;
          if (!wanted.has(line.reasonId)) continue;
          let previous: StoredLine | undefined = lines[i - 1];
          if (!previous && i === 0) {
            // The line before is the last of the older chunk (read only when a wanted line needs it).
            previousChunk = c + 1 < chunks.length ? decodeLines((chunks[c + 1] as ChunkRow).lines) : null;
            previous = previousChunk?.at(-1) ?? this.lineBefore(accountId, (chunks[c] as ChunkRow).first_entry);
          }
          out.push({
            ...line,
            accountId,
            available: line.availableAfter - (previous?.availableAfter ?? 0n),
            frozen: line.frozenAfter - (previous?.frozenAfter ?? 0n),
          });
        }
      }
    }
    return out.sort((a, b) => b.entryId - a.entryId || a.accountId - b.accountId);
  }

  private lineBefore(accountId: number, entryId: number): StoredLine | undefined {
    const chunk = this.q.chunksBefore.get(accountId, entryId);
    return chunk ? decodeLines(chunk.lines).at(-1) : undefined;
  }

  /** The journal entries of these ids (reference, reason, time, meta). */
  entries(ids: readonly number[]): Map<number, EntryInfo> {
    const out = new Map<number, EntryInfo>();
    if (ids.length === 0) return out;
    const rows = this.db
      .prepare<[string], EntryInfo>(
        'SELECT id, reference, reason, created_at, meta FROM journal_entries WHERE id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify(ids));
    for (const row of rows) out.set(row.id, row);
    return out;
  }
}

/** A chunk's lines: 32 bytes each, little-endian: entry id (float64), reason (uint32), 4 spare, available after and
 * frozen after (int64). */
function decodeLines(buffer: Buffer): StoredLine[] {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const out: StoredLine[] = [];
  for (let at = 0; at < buffer.byteLength; at += LINE_BYTES) {
    out.push({
      entryId: view.getFloat64(at, true),
      reasonId: view.getUint32(at + 8, true),
      availableAfter: view.getBigInt64(at + 16, true),
      frozenAfter: view.getBigInt64(at + 24, true),
    });
  }
  return out;
}
