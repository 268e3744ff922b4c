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
}

/** Thrown (inside the caller's transaction, which then rolls back) when a posting would break a ledger rule. */
export class LedgerError extends DomainError {}

/**
 * The one ledger. Other modules move money only through `post` (and its shorthands `transfer`, `freeze`,
 * `unfreeze`, `settle`), always inside their own transaction together with the business row the movement belongs
 * to. Every call is itself wrapped in a (nested) transaction, so a refused posting changes nothing.
 */
export class LedgerService {
  private readonly accountIds = new Map<string, number>();
  private readonly systemOwners = new Map<string, { id: number; allowNegative: boolean }>();
  private readonly assets = new Map<string, AssetRow>();
  private externalFlows: ExternalFlows | undefined;
  private running: Promise<ReconciliationReport> | null = null;
  private readonly q: {
    assets: Statement<[], AssetRow>;
    systemOwner: Statement<[string], { id: number; allow_negative: number }>;
    insertSystemOwner: Statement<[string, number, number]>;
    accountId: Statement<[string, number, string, string], { id: number }>;
    insertAccount: Statement<[string, number, string, string, number, number]>;
    account: Statement<[number], AccountRow>;
    insertEntry: Statement<[string, string, number, string | null]>;
    insertLeg: Statement<[number, number, string, string, bigint]>;
    addAvailable: Statement<[{ delta: bigint; id: number; now: number }]>;
    addFrozen: Statement<[{ delta: bigint; id: number; now: number }]>;
    hasReference: Statement<[string], { one: number }>;
    userHasReason: Statement<[number, string, string], { one: number }>;
    userBalances: Statement<[number], AccountBalance & { wallet: Wallet }>;
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
        .prepare<[number], AccountRow>('SELECT id, available, frozen, allow_negative FROM ledger_accounts WHERE id = ?')
        .safeIntegers(true),
      insertEntry: db.prepare('INSERT INTO journal_entries (reference, reason, created_at, meta) VALUES (?, ?, ?, ?)'),
      insertLeg: db.prepare(
        'INSERT INTO journal_legs (entry_id, account_id, asset, bucket, amount) VALUES (?, ?, ?, ?, ?)',
      ),
      // The guard in WHERE refuses the update (0 changes) when it would take a balance below zero.
      addAvailable: db.prepare(
        `UPDATE ledger_accounts SET available = available + @delta, updated_at = @now
         WHERE id = @id AND (allow_negative = 1 OR available + @delta >= 0)`,
      ),
      addFrozen: db.prepare(
        'UPDATE ledger_accounts SET frozen = frozen + @delta, updated_at = @now WHERE id = @id AND frozen + @delta >= 0',
      ),
      hasReference: db.prepare('SELECT 1 AS one FROM journal_entries WHERE reference = ?'),
      userHasReason: db.prepare(
        `SELECT 1 AS one FROM journal_legs l
         JOIN ledger_accounts a ON a.id = l.account_id
         JOIN journal_entries e ON e.id = l.entry_id
         WHERE a.owner_kind = 'user' AND a.owner_id = ? AND (e.reason = ? OR e.reason LIKE ?) LIMIT 1`,
      ),
      userBalances: db
        .prepare<[number], AccountBalance & { wallet: Wallet }>(
          `SELECT wallet, asset, available, frozen FROM ledger_accounts
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
    const cached = this.accountIds.get(this.accountKey(ref));
    if (cached !== undefined) return cached;
    let ownerId: number;
    if (ref.owner.kind === 'user') ownerId = ref.owner.uid;
    else {
      const owner = this.systemOwners.get(ref.owner.name) ?? this.q.systemOwner.get(ref.owner.name);
      if (!owner) return undefined;
      ownerId = owner.id;
    }
    return this.q.accountId.get(ref.owner.kind, ownerId, ref.wallet, ref.asset)?.id;
  }

  /** The id of an account, created on first use. */
  accountId(ref: AccountRef): number {
    const key = this.accountKey(ref);
    const cached = this.accountIds.get(key);
    if (cached !== undefined) return cached;
    this.asset(ref.asset);
    const ownerId = ref.owner.kind === 'user' ? ref.owner.uid : this.systemOwner(ref.owner.name).id;
    const allowNegative = ref.owner.kind === 'system' && this.systemOwner(ref.owner.name).allowNegative ? 1 : 0;
    let row = this.q.accountId.get(ref.owner.kind, ownerId, ref.wallet, ref.asset);
    if (!row) {
      this.q.insertAccount.run(ref.owner.kind, ownerId, ref.wallet, ref.asset, allowNegative, this.clock.now());
      row = this.q.accountId.get(ref.owner.kind, ownerId, ref.wallet, ref.asset);
      if (!row) throw new Error('account could not be created');
    }
    const id = row.id;
    this.rememberWhenCommitted(() => this.accountIds.set(key, id));
    return id;
  }

  /** A balance; reading never creates the account (an account nobody has touched holds zero). */
  balance(ref: AccountRef): Balance {
    const id = this.existingAccountId(ref);
    const row = id === undefined ? undefined : this.q.account.get(id);
    return { available: row?.available ?? 0n, frozen: row?.frozen ?? 0n };
  }

  /** Every account of a user that has ever held something. */
  userBalances(uid: number): AccountBalance[] {
    return this.q.userBalances.all(uid);
  }

  /** Whether a user's accounts ever moved for this reason (or a sub-reason `reason.*`): first deposit, first trade. */
  userHasReason(uid: number, reason: string): boolean {
    return this.q.userHasReason.get(uid, reason, `${reason}.%`) !== undefined;
  }

  hasReference(reference: string): boolean {
    return this.q.hasReference.get(reference) !== undefined;
  }

  // ---- reconciliation -----------------------------------------------------------------------------------------

  /** The wallet registers where deposits credited and withdrawals sent are recorded, for reconciliation. */
  useExternalFlows(flows: ExternalFlows): void {
    this.externalFlows = flows;
  }

  /** Reconciles on this thread (tests, small ledgers). The operator route uses {@link reconcileInBackground}. */
  reconcile(): ReconciliationReport {
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
   * Posts a balanced entry: per asset the legs sum to zero. Refused without effect (and the caller's transaction
   * rolled back, since it throws) when the reference was used before, a leg is zero, the legs do not balance, or a
   * balance would go below zero.
   */
  post(input: EntryInput): number {
    return this.tx.run(() => this.postNow(input));
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
    const now = this.clock.now();
    let entryId: number;
    try {
      entryId = Number(
        this.q.insertEntry.run(input.reference, input.reason, now, input.meta ? JSON.stringify(input.meta) : null)
          .lastInsertRowid,
      );
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new LedgerError('ALREADY_HANDLED');
      }
      throw error;
    }
    for (const leg of input.legs) this.applyLeg(entryId, leg, now);
    return entryId;
  }

  private applyLeg(entryId: number, leg: Leg, now: number): void {
    const accountId = this.accountId(leg.account);
    const bucket: Bucket = leg.bucket ?? 'available';
    const update = bucket === 'available' ? this.q.addAvailable : this.q.addFrozen;
    if (update.run({ delta: leg.amount, id: accountId, now }).changes !== 1)
      throw new LedgerError('INSUFFICIENT_BALANCE');
    this.q.insertLeg.run(entryId, accountId, leg.account.asset, bucket, leg.amount);
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

function positive(amount: bigint): void {
  if (amount <= 0n) throw new LedgerError('INVALID_PARAMS', { detail: 'amount must be positive' });
}
