import { Worker } from 'node:worker_threads';
import { formatDecimal, parseDecimal, type Wallet } from '@bourse/contract';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Transactions } from '../../lib/tx';
import { DomainError } from '../../lib/errors';
import { type ExternalFlows, reconcile, type ReconciliationReport } from './reconcile';
import { type AccountRef, type Balance, type Bucket, type EntryInput, type Leg, SYSTEM } from './types';

export interface AssetRow {
  code: string;
  name: string;
  scale: number;
  display_precision: number;
  sort: number;
  status: 'active' | 'disabled';
}

export interface AccountBalance {
  wallet: Wallet;
  asset: string;
  available: bigint;
  frozen: bigint;
}

interface AccountRow {
  id: number;
  available: bigint;
  frozen: bigint;
  allow_negative: bigint;
  owner_kind: 'user' | 'system';
  owner_id: bigint;
}

/** The balances of an account as this process knows them: the single writer's authoritative copy. */
interface AccountState {
  readonly id: number;
  available: bigint;
  frozen: bigint;
  readonly allowNegative: boolean;
  /** The uid when a user owns the account (for `userHasReason` over postings not yet written). */
  readonly uid: number | null;
}

/** A leg waiting to be written at commit: account, asset, bucket, signed amount. */
type PendingLeg = readonly [number, string, Bucket, bigint];

interface PendingEntry {
  readonly reference: string;
  readonly reason: string;
  readonly createdAt: number;
  readonly meta: string | null;
  readonly legs: PendingLeg[];
}

/** The net change one posting makes to one account. */
interface Change {
  readonly ref: AccountRef;
  id: number | undefined;
  available: bigint;
  frozen: bigint;
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const LEG_CHUNK = 50;
const ENTRY_CHUNK = 64;

/** Thrown (inside the caller's transaction, which then rolls back) when a posting would break a ledger rule. */
export class LedgerError extends DomainError {}

/**
 * The one ledger. Other modules move money only through `post` (and its shorthands `transfer`, `freeze`,
 * `unfreeze`, `settle`), always inside their own `tx.run` transaction together with the business row the movement
 * belongs to.
 *
 * How a posting is made, and why it is safe without a savepoint of its own: every check (balance per leg, no
 * negative result, 64-bit range, unique reference) happens before anything is changed, so a refused posting changes
 * nothing. Accepted postings change this process's copy of each account at once (the server is the only writer, so
 * that copy is authoritative) and register their undo with the current transaction; the rows are written once, just
 * before the outermost transaction commits: each changed account once, the entries and legs in multi-row inserts.
 * Until then a posting has executed no write, so a caller may run it in a `tx.unit` (no savepoint). A rollback of the
 * transaction, or of the savepoint or unit the posting was made in, undoes the copy exactly. The database's CHECK
 * constraints stay as the last line: a flush that would break them rolls the whole transaction back.
 */
export class LedgerService {
  private readonly accountIds = new Map<string, number>();
  /** Ids by reference object: hot callers (the spot desk) reuse their refs, so this skips building a key string. */
  private readonly idsByRef = new WeakMap<AccountRef, number>();
  private readonly systemOwners = new Map<string, { id: number; allowNegative: boolean }>();
  private readonly assets = new Map<string, AssetRow>();
  private externalFlows: ExternalFlows | undefined;
  private running: Promise<ReconciliationReport> | null = null;
  private readonly states = new Map<number, AccountState>();
  private readonly dirty = new Set<AccountState>();
  /** Entries of the current transaction, by id (the ids are given here: the rows are written at the flush). */
  private readonly pending = new Map<number, PendingEntry>();
  /** Their references: the unique index cannot see them before the flush. */
  private readonly pendingRefs = new Set<string>();
  private nextEntryId = 0;
  private flushScheduled = false;
  /** `uid|reason` pairs already recorded in ledger_user_reasons (committed), so the flush skips them. */
  private readonly knownUserReasons = new Set<string>();
  private readonly legInserts = new Map<number, Statement<unknown[]>>();
  private readonly entryInserts = new Map<number, Statement<unknown[]>>();
  private readonly q: {
    assets: Statement<[], AssetRow>;
    systemOwner: Statement<[string], { id: number; allow_negative: number }>;
    insertSystemOwner: Statement<[string, number, number]>;
    accountId: Statement<[string, number, string, string], { id: number }>;
    insertAccount: Statement<[string, number, string, string, number, number]>;
    account: Statement<[number], AccountRow>;
    maxEntryId: Statement<[], number | null>;
    writeAccount: Statement<[bigint, bigint, number, number]>;
    hasReference: Statement<[string], { one: number }>;
    userHasReason: Statement<[number, string, string], { one: number }>;
    markUserReason: Statement<[number, string, number]>;
    userBalances: Statement<[number], AccountBalance & { id: bigint }>;
  };
  constructor(
    private readonly db: Db,
    private readonly tx: Transactions,
    private readonly clock: Clock,
  ) {
    this.q = {
      assets: db.prepare('SELECT code, name, scale, display_precision, sort, status FROM assets ORDER BY sort, code'),
      systemOwner: db.prepare('SELECT id, allow_negative FROM system_owners WHERE name = ?'),
      insertSystemOwner: db.prepare('INSERT INTO system_owners (name, allow_negative, created_at) VALUES (?, ?, ?)'),
      accountId: db.prepare(
        'SELECT id FROM ledger_accounts WHERE owner_kind = ? AND owner_id = ? AND wallet = ? AND asset = ?',
      ),
      insertAccount: db.prepare(
        `INSERT INTO ledger_accounts (owner_kind, owner_id, wallet, asset, allow_negative, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      account: db
        .prepare<[number], AccountRow>(
          'SELECT id, available, frozen, allow_negative, owner_kind, owner_id FROM ledger_accounts WHERE id = ?',
        )
        .safeIntegers(true),
      maxEntryId: db.prepare<[], number | null>('SELECT MAX(id) FROM journal_entries').pluck(),
      writeAccount: db.prepare('UPDATE ledger_accounts SET available = ?, frozen = ?, updated_at = ? WHERE id = ?'),
      hasReference: db.prepare('SELECT 1 AS one FROM journal_entries WHERE reference = ?'),
      userHasReason: db.prepare(
        'SELECT 1 AS one FROM ledger_user_reasons WHERE uid = ? AND (reason = ? OR reason LIKE ?) LIMIT 1',
      ),
      markUserReason: db.prepare(
        'INSERT OR IGNORE INTO ledger_user_reasons (uid, reason, first_entry_id) VALUES (?, ?, ?)',
      ),
      userBalances: db
        .prepare<[number], AccountBalance & { id: bigint }>(
          `SELECT id, wallet, asset, available, frozen FROM ledger_accounts
           WHERE owner_kind = 'user' AND owner_id = ? ORDER BY wallet, asset`,
        )
        .safeIntegers(true),
    };
    this.loadAssets();
  }

  // ---- assets -------------------------------------------------------------------------------------------------

  loadAssets(): void {
    this.assets.clear();
    for (const row of this.q.assets.all()) this.assets.set(row.code, row);
  }

  listAssets(): AssetRow[] {
    return [...this.assets.values()];
  }

  asset(code: string): AssetRow {
    const row = this.assets.get(code);
    if (!row) throw new DomainError('ASSET_NOT_FOUND');
    return row;
  }

  hasAsset(code: string): boolean {
    return this.assets.has(code);
  }

  /** Adds or updates an asset (operator configuration, demo data). The scale of an existing asset never changes. */
  upsertAsset(input: { code: string; name: string; scale: number; displayPrecision: number; sort?: number }): void {
    const existing = this.assets.get(input.code);
    if (existing && existing.scale !== input.scale) throw new Error(`the scale of ${input.code} cannot change`);
    this.db
      .prepare(
        `INSERT INTO assets (code, name, scale, display_precision, sort, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(code) DO UPDATE SET name = excluded.name, display_precision = excluded.display_precision, sort = excluded.sort`,
      )
      .run(input.code, input.name, input.scale, input.displayPrecision, input.sort ?? 0, this.clock.now());
    this.loadAssets();
  }

  /** Parses a wire amount at the asset's scale (more decimals than the scale is refused). */
  parseAmount(asset: string, value: string): bigint {
    try {
      return parseDecimal(value, this.asset(asset).scale);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError('INVALID_PARAMS', { detail: `amount ${value}` });
    }
  }

  formatAmount(asset: string, value: bigint): string {
    return formatDecimal(value, this.asset(asset).scale);
  }

  // ---- accounts -----------------------------------------------------------------------------------------------

  /**
   * Remembers a row id only once the row is certainly committed: a row created (or first seen) inside a transaction
   * may vanish with a rollback, and SQLite could then give its id to another row.
   */
  private rememberWhenCommitted(remember: () => void): void {
    if (!this.db.inTransaction) remember();
    else if (this.tx.active) this.tx.afterCommit(remember);
    // A transaction opened outside Transactions.run: we cannot know its fate, so we do not cache.
  }

  private systemOwner(name: string): { id: number; allowNegative: boolean } {
    const cached = this.systemOwners.get(name);
    if (cached) return cached;
    let row = this.q.systemOwner.get(name);
    if (!row) {
      const allow = name === SYSTEM.hotWallet ? 1 : 0;
      this.q.insertSystemOwner.run(name, allow, this.clock.now());
      row = this.q.systemOwner.get(name);
      if (!row) throw new Error(`system owner ${name} could not be created`);
    }
    const owner = { id: row.id, allowNegative: row.allow_negative === 1 };
    this.rememberWhenCommitted(() => this.systemOwners.set(name, owner));
    return owner;
  }

  private accountKey(ref: AccountRef): string {
    return ref.owner.kind === 'user'
      ? `u:${ref.owner.uid}:${ref.wallet}:${ref.asset}`
      : `s:${ref.owner.name}:${ref.wallet}:${ref.asset}`;
  }

  /** The id of an account if it exists, without creating it (or its system owner). */
  private existingAccountId(ref: AccountRef): number | undefined {
    const byRef = this.idsByRef.get(ref);
    if (byRef !== undefined) return byRef;
    const cached = this.accountIds.get(this.accountKey(ref));
    if (cached !== undefined) {
      this.idsByRef.set(ref, cached);
      return cached;
    }
    let ownerId: number;
    if (ref.owner.kind === 'user') ownerId = ref.owner.uid;
    else {
      const owner = this.systemOwners.get(ref.owner.name) ?? this.q.systemOwner.get(ref.owner.name);
      if (!owner) return undefined;
      ownerId = owner.id;
    }
    const id = this.q.accountId.get(ref.owner.kind, ownerId, ref.wallet, ref.asset)?.id;
    if (id !== undefined) {
      const key = this.accountKey(ref);
      this.rememberWhenCommitted(() => this.accountIds.set(key, id));
    }
    return id;
  }

  /** The id of an account, created on first use. */
  accountId(ref: AccountRef): number {
    const byRef = this.idsByRef.get(ref);
    if (byRef !== undefined) return byRef;
    const key = this.accountKey(ref);
    const cached = this.accountIds.get(key);
    if (cached !== undefined) {
      this.idsByRef.set(ref, cached);
      return cached;
    }
    this.asset(ref.asset);
    const ownerId = ref.owner.kind === 'user' ? ref.owner.uid : this.systemOwner(ref.owner.name).id;
    const allowNegative = ref.owner.kind === 'system' && this.systemOwner(ref.owner.name).allowNegative ? 1 : 0;
    let row = this.q.accountId.get(ref.owner.kind, ownerId, ref.wallet, ref.asset);
    if (!row) {
      this.q.insertAccount.run(ref.owner.kind, ownerId, ref.wallet, ref.asset, allowNegative, this.clock.now());
      row = this.q.accountId.get(ref.owner.kind, ownerId, ref.wallet, ref.asset);
      if (!row) throw new Error('account could not be created');
      const created = row.id;
      // If the row goes with a rollback, its id may be given to another account: forget its balances too.
      this.tx.afterRollback(() => {
        const state = this.states.get(created);
        if (state) this.dirty.delete(state);
        this.states.delete(created);
      });
    }
    const id = row.id;
    this.rememberWhenCommitted(() => this.accountIds.set(key, id));
    return id;
  }

  /** The in-process copy of an account's balances, loaded on first use. */
  private stateOf(id: number): AccountState {
    let state = this.states.get(id);
    if (!state) {
      const row = this.q.account.get(id);
      if (!row) throw new Error(`ledger account ${id} does not exist`);
      state = {
        id,
        available: row.available,
        frozen: row.frozen,
        allowNegative: row.allow_negative === 1n,
        uid: row.owner_kind === 'user' ? Number(row.owner_id) : null,
      };
      this.states.set(id, state);
    }
    return state;
  }

  /** A balance, including this transaction's postings; reading never creates the account (untouched = zero). */
  balance(ref: AccountRef): Balance {
    const id = this.existingAccountId(ref);
    if (id === undefined) return { available: 0n, frozen: 0n };
    const state = this.stateOf(id);
    return { available: state.available, frozen: state.frozen };
  }

  /** Every account of a user that has ever held something, including this transaction's postings. */
  userBalances(uid: number): AccountBalance[] {
    return this.q.userBalances.all(uid).map(({ id, wallet, asset, available, frozen }) => {
      const state = this.states.get(Number(id));
      return state
        ? { wallet, asset, available: state.available, frozen: state.frozen }
        : { wallet, asset, available, frozen };
    });
  }

  /** Whether a user's accounts ever moved for this reason (or a sub-reason `reason.*`): first deposit, first trade. */
  userHasReason(uid: number, reason: string): boolean {
    for (const entry of this.pending.values()) {
      if (entry.reason !== reason && !entry.reason.startsWith(`${reason}.`)) continue;
      if (entry.legs.some(([accountId]) => this.states.get(accountId)?.uid === uid)) return true;
    }
    return this.q.userHasReason.get(uid, reason, `${reason}.%`) !== undefined;
  }

  hasReference(reference: string): boolean {
    return this.pendingRefs.has(reference) || this.q.hasReference.get(reference) !== undefined;
  }

  // ---- reconciliation -----------------------------------------------------------------------------------------

  /** The wallet registers where deposits credited and withdrawals sent are recorded, for reconciliation. */
  useExternalFlows(flows: ExternalFlows): void {
    this.externalFlows = flows;
  }

  /** Reconciles on this thread (tests, small ledgers). The operator route uses {@link reconcileInBackground}. */
  reconcile(): ReconciliationReport {
    if (this.pending.size > 0) throw new Error('reconcile inside a write transaction that has postings pending');
    return reconcile(this.db, this.externalFlows, this.clock.now());
  }

  /**
   * Reconciles in a worker thread on a read-only snapshot, so a large journal (seconds per million entries) never
   * stalls trading. Concurrent callers share one run.
   */
  reconcileInBackground(): Promise<ReconciliationReport> {
    if (this.db.memory) return Promise.resolve(this.reconcile());
    this.running ??= new Promise<ReconciliationReport>((resolve, reject) => {
      const worker = startReconcileWorker({ file: this.db.name, flows: this.externalFlows, now: this.clock.now() });
      worker.once('message', (message: { report?: ReconciliationReport; error?: string }) => {
        if (message.report) resolve(message.report);
        else reject(new Error(message.error ?? 'reconciliation failed'));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (code !== 0) reject(new Error(`reconciliation worker exited with ${code}`));
      });
    }).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  // ---- postings -----------------------------------------------------------------------------------------------

  /**
   * Posts a balanced entry: per asset the legs sum to zero. Refused without effect (and, since it throws, the
   * caller's transaction rolled back unless it catches) when the reference was used before, a leg is zero, the legs
   * do not balance, a balance would go below zero or outside 64 bits.
   */
  post(input: EntryInput): number {
    return this.tx.active ? this.postNow(input) : this.tx.run(() => this.postNow(input));
  }

  private postNow(input: EntryInput): number {
    if (input.legs.length === 0) throw new Error('an entry needs legs');
    const sums = new Map<string, bigint>();
    for (const leg of input.legs) {
      if (leg.amount === 0n) throw new Error(`zero leg in ${input.reference}`);
      sums.set(leg.account.asset, (sums.get(leg.account.asset) ?? 0n) + leg.amount);
    }
    for (const [asset, sum] of sums) {
      if (sum !== 0n) throw new Error(`entry ${input.reference} does not balance in ${asset}: ${sum}`);
    }

    // 1. Every check, before anything changes. Accounts that do not exist yet hold zero; they are created only
    //    once the posting is known to go through.
    const changes: Change[] = [];
    const legChanges: Change[] = [];
    for (const leg of input.legs) {
      const id = this.existingAccountId(leg.account);
      let change = changes.find((c) =>
        id === undefined ? c.id === undefined && sameRef(c.ref, leg.account) : c.id === id,
      );
      if (!change) {
        change = { ref: leg.account, id, available: 0n, frozen: 0n };
        changes.push(change);
      }
      if ((leg.bucket ?? 'available') === 'available') change.available += leg.amount;
      else change.frozen += leg.amount;
      legChanges.push(change);
    }
    for (const change of changes) {
      const state = change.id === undefined ? undefined : this.stateOf(change.id);
      const available = (state?.available ?? 0n) + change.available;
      const frozen = (state?.frozen ?? 0n) + change.frozen;
      const allowNegative = state ? state.allowNegative : this.wouldAllowNegative(change.ref);
      if (frozen < 0n || (available < 0n && !allowNegative)) throw new LedgerError('INSUFFICIENT_BALANCE');
      if (available > INT64_MAX || frozen > INT64_MAX || available < INT64_MIN) {
        throw new LedgerError('INVALID_PARAMS', { detail: 'balance out of range' });
      }
    }

    // 2. The unique reference: a repeated posting stops here, still without any change. The entry's row is written
    //    at the flush, so this transaction's own entries are checked in memory; the unique index stays as the last
    //    line (a duplicate that got past this would fail the flush and roll the transaction back).
    const reference = input.reference;
    if (this.pendingRefs.has(reference) || this.q.hasReference.get(reference) !== undefined) {
      throw new LedgerError('ALREADY_HANDLED');
    }
    // Ids continue from the table's largest, read once per transaction (nothing else writes the journal).
    if (this.pending.size === 0) this.nextEntryId = (this.q.maxEntryId.get() ?? 0) + 1;
    const entryId = this.nextEntryId++;
    const now = this.clock.now();

    // 3. Apply to the in-process copy, remember the legs for the flush, and how to undo it all.
    const applied: [AccountState, bigint, bigint][] = [];
    for (const change of changes) {
      change.id ??= this.accountId(change.ref);
      const state = this.stateOf(change.id);
      state.available += change.available;
      state.frozen += change.frozen;
      this.dirty.add(state);
      applied.push([state, change.available, change.frozen]);
    }
    const legs: PendingLeg[] = input.legs.map((leg, i) => [
      legChanges[i]?.id ?? this.accountId(leg.account),
      leg.account.asset,
      leg.bucket ?? 'available',
      leg.amount,
    ]);
    this.pending.set(entryId, {
      reference,
      reason: input.reason,
      createdAt: now,
      meta: input.meta ? JSON.stringify(input.meta) : null,
      legs,
    });
    this.pendingRefs.add(reference);
    this.tx.afterRollback(() => {
      for (const [state, available, frozen] of applied) {
        state.available -= available;
        state.frozen -= frozen;
        this.dirty.add(state);
      }
      this.pending.delete(entryId);
      this.pendingRefs.delete(reference);
    });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      this.tx.beforeCommit(() => this.flush());
      this.tx.afterRollback(() => {
        this.flushScheduled = false;
      });
    }
    return entryId;
  }

  /**
   * Writes what this transaction's postings changed: each account once, then the entries and their legs in
   * multi-row inserts (entries first: legs refer to them).
   */
  private flush(): void {
    this.flushScheduled = false;
    const now = this.clock.now();
    for (const state of this.dirty) this.q.writeAccount.run(state.available, state.frozen, now, state.id);
    this.dirty.clear();
    let entries: unknown[] = [];
    for (const [entryId, entry] of this.pending) {
      entries.push(entryId, entry.reference, entry.reason, entry.createdAt, entry.meta);
      if (entries.length === ENTRY_CHUNK * 5) {
        this.insertEntries(entries);
        entries = [];
      }
    }
    if (entries.length > 0) this.insertEntries(entries);
    let batch: unknown[] = [];
    for (const [entryId, entry] of this.pending) {
      for (const [accountId, asset, bucket, amount] of entry.legs) {
        const uid = this.states.get(accountId)?.uid;
        if (uid !== null && uid !== undefined) this.markUserReason(uid, entry.reason, entryId);
        batch.push(entryId, accountId, asset, bucket, amount);
        if (batch.length === LEG_CHUNK * 5) {
          this.insertLegs(batch);
          batch = [];
        }
      }
    }
    if (batch.length > 0) this.insertLegs(batch);
    this.pending.clear();
    this.pendingRefs.clear();
  }

  private insertEntries(values: unknown[]): void {
    const rows = values.length / 5;
    let statement = this.entryInserts.get(rows);
    if (!statement) {
      const tuples = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?)').join(', ');
      statement = this.db.prepare(
        `INSERT INTO journal_entries (id, reference, reason, created_at, meta) VALUES ${tuples}`,
      );
      this.entryInserts.set(rows, statement);
    }
    statement.run(...values);
  }

  private markUserReason(uid: number, reason: string, entryId: number): void {
    const key = `${uid}|${reason}`;
    if (this.knownUserReasons.has(key)) return;
    this.q.markUserReason.run(uid, reason, entryId);
    this.tx.afterCommit(() => this.knownUserReasons.add(key));
  }

  private insertLegs(values: unknown[]): void {
    const rows = values.length / 5;
    let statement = this.legInserts.get(rows);
    if (!statement) {
      const tuples = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?)').join(', ');
      statement = this.db.prepare(
        `INSERT INTO journal_legs (entry_id, account_id, asset, bucket, amount) VALUES ${tuples}`,
      );
      this.legInserts.set(rows, statement);
    }
    statement.run(...values);
  }

  /** Whether an account that does not exist yet would be allowed below zero (only the hot-wallet mirror is). */
  private wouldAllowNegative(ref: AccountRef): boolean {
    return ref.owner.kind === 'system' && ref.owner.name === SYSTEM.hotWallet;
  }

  /** Moves `amount` from one account to another (available to available unless told otherwise). */
  transfer(input: {
    reference: string;
    reason: string;
    from: AccountRef;
    to: AccountRef;
    amount: bigint;
    fromBucket?: Bucket;
    toBucket?: Bucket;
    meta?: Record<string, unknown>;
  }): number {
    positive(input.amount);
    if (input.from.asset !== input.to.asset) throw new Error('transfer between different assets');
    return this.post({
      reference: input.reference,
      reason: input.reason,
      meta: input.meta,
      legs: [
        { account: input.from, bucket: input.fromBucket ?? 'available', amount: -input.amount },
        { account: input.to, bucket: input.toBucket ?? 'available', amount: input.amount },
      ],
    });
  }

  /** Available → frozen within one account (an order, a withdrawal, an escrow waits on it). */
  freeze(input: {
    reference: string;
    reason: string;
    account: AccountRef;
    amount: bigint;
    meta?: Record<string, unknown>;
  }): number {
    positive(input.amount);
    return this.post({
      reference: input.reference,
      reason: input.reason,
      meta: input.meta,
      legs: [
        { account: input.account, bucket: 'available', amount: -input.amount },
        { account: input.account, bucket: 'frozen', amount: input.amount },
      ],
    });
  }

  /** Frozen → available within one account (an order cancelled, a withdrawal rejected). */
  unfreeze(input: {
    reference: string;
    reason: string;
    account: AccountRef;
    amount: bigint;
    meta?: Record<string, unknown>;
  }): number {
    positive(input.amount);
    return this.post({
      reference: input.reference,
      reason: input.reason,
      meta: input.meta,
      legs: [
        { account: input.account, bucket: 'frozen', amount: -input.amount },
        { account: input.account, bucket: 'available', amount: input.amount },
      ],
    });
  }

  /** Pays out of a frozen bucket to one or more accounts (a fill settles, a withdrawal is sent, escrow releases). */
  settle(input: {
    reference: string;
    reason: string;
    from: AccountRef;
    to: { account: AccountRef; amount: bigint; bucket?: Bucket }[];
    meta?: Record<string, unknown>;
  }): number {
    let total = 0n;
    const legs: Leg[] = [];
    for (const t of input.to) {
      positive(t.amount);
      total += t.amount;
      legs.push({ account: t.account, bucket: t.bucket ?? 'available', amount: t.amount });
    }
    return this.post({
      reference: input.reference,
      reason: input.reason,
      meta: input.meta,
      legs: [{ account: input.from, bucket: 'frozen', amount: -total }, ...legs],
    });
  }
}

/**
 * In the bundle the worker sits beside main.js. From source (tests, tsx) it is TypeScript, so a tiny bootstrap
 * registers tsx's loader in the worker first.
 */
function startReconcileWorker(workerData: { file: string; flows: ExternalFlows | undefined; now: number }): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./reconcile-worker.js', import.meta.url), { workerData });
  const script = new URL('./reconcile-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(script)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

function sameRef(a: AccountRef, b: AccountRef): boolean {
  if (a.wallet !== b.wallet || a.asset !== b.asset || a.owner.kind !== b.owner.kind) return false;
  return a.owner.kind === 'user'
    ? b.owner.kind === 'user' && a.owner.uid === b.owner.uid
    : b.owner.kind === 'system' && a.owner.name === b.owner.name;
}

function positive(amount: bigint): void {
  if (amount <= 0n) throw new LedgerError('INVALID_PARAMS', { detail: 'amount must be positive' });
}
