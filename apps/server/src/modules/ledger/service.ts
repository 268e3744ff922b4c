import { Worker } from 'node:worker_threads';
import { formatDecimal, parseDecimal, type Wallet } from '@bourse/contract';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Transactions } from '../../lib/tx';
import { DomainError } from '../../lib/errors';
import { AdjustmentDesk } from './adjustments';
import { type ExternalFlows, reconcile, type ReconciliationReport } from './reconcile';
import { type DecodedLine, type EntryInfo, StatementIndex } from './statements';
import {
  type AccountRef,
  type AccountType,
  type Balance,
  type Bucket,
  DEFAULT_SYSTEM_ACCOUNT,
  type EntryInput,
  type Leg,
  NEGATIVE_ALLOWED,
  SYSTEM_ACCOUNTS,
  type SystemAccountSpec,
} from './types';

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

/** One of a user's accounts, with its sub-account name ('' = the wallet's main pot). */
export interface UserAccount extends AccountBalance {
  id: number;
  sub: string;
}

/** One movement of one account: its entry and the account's balances after it. */
export interface StatementLine {
  entryId: number;
  reference: string;
  reason: string;
  createdAt: number;
  available: bigint;
  frozen: bigint;
  availableAfter: bigint;
  frozenAfter: bigint;
  meta: Record<string, unknown> | null;
}

/** A journal entry as it moved one user's accounts (the wallet's records are built from these). */
export interface Movement {
  entryId: number;
  reference: string;
  reason: string;
  createdAt: number;
  meta: Record<string, unknown> | null;
  lines: (StatementLine & { wallet: Wallet; asset: string; sub: string })[];
}

/** A system account and its balances (the operator's list). */
export interface SystemAccountView {
  system: string;
  wallet: Wallet;
  asset: string;
  sub: string;
  type: AccountType;
  available: bigint;
  frozen: bigint;
}

/** One leg of a journal entry as the operator's journal search shows it. */
export interface JournalLegView {
  owner: 'user' | 'system';
  uid: number | null;
  system: string | null;
  wallet: Wallet;
  asset: string;
  sub: string;
  bucket: Bucket;
  amount: bigint;
  holder: string | null;
}

export interface JournalEntryView {
  id: number;
  reference: string;
  reason: string;
  createdAt: number;
  meta: Record<string, unknown> | null;
  legs: JournalLegView[];
}

export interface HoldView {
  holder: string;
  account: AccountRef;
  amount: bigint;
  createdAt: number;
}

interface AccountRow {
  id: number;
  asset: string;
  available: bigint;
  frozen: bigint;
  allow_negative: bigint;
  owner_kind: 'user' | 'system';
  owner_id: bigint;
}

/** The balances of an account as this process knows them: the single writer's authoritative copy. */
interface AccountState {
  readonly id: number;
  readonly asset: string;
  available: bigint;
  frozen: bigint;
  readonly allowNegative: boolean;
  /** The uid when a user owns the account (for `userHasReason` over postings not yet written). */
  readonly uid: number | null;
  /** Scratch of `settleHolds` (no per-call map for 100,000 accounts): the call that touched it last, and its slot. */
  seq: number;
  slot: number;
}

/** An open hold: `amount` of the account's frozen bucket belongs to `holder`. */
interface HoldState {
  readonly holder: string;
  accountId: number;
  amount: bigint;
  /** Whether `ledger_holds` has a row for it (as of the last time the indexes were written). */
  stored: boolean;
  createdAt: number;
}

/**
 * Holds settled in one entry (`settleHolds`), read one at a time: a round's 100,000 bets need no object each (the
 * caller keeps them in columns). Hold k is named `holder(k)`, for k from 0 to `count` − 1.
 */
export interface HoldBatch {
  readonly count: number;
  holder(k: number): string;
  /** What hold k lets go of; `undefined`: all it holds. */
  amount(k: number): bigint | undefined;
  /** What of it goes back to the available bucket of the hold's own account (≥ 0; 0 makes no leg). */
  back(k: number): bigint;
}

/** A leg waiting to be written at commit: account, asset, bucket, signed amount, holder of a frozen leg. */
type PendingLeg = readonly [number, string, Bucket, bigint, string | null];

/** `(uid, reason)` pairs a flush has to record: the rows to insert, flat (uid, reason, first entry). */
interface UserReasons {
  values: unknown[];
}

interface PendingEntry {
  readonly reference: string;
  readonly reason: string;
  readonly createdAt: number;
  readonly meta: string | null;
  readonly legs: PendingLeg[];
  /** The legs of a `settleHolds` entry instead, in columns: 100,000 of them make no garbage the young GC must copy. */
  readonly columns?: LegColumns;
}

/** Legs in columns (one asset): account id, signed amount, bucket (1 = frozen), holder of a frozen leg. */
interface LegColumns {
  count: number;
  readonly asset: string;
  readonly ids: Float64Array;
  readonly amounts: BigInt64Array;
  readonly frozen: Uint8Array;
  readonly holders: (string | null)[];
}

const NO_LEGS: PendingLeg[] = [];

/** The net change one posting makes to one account. */
interface Change {
  readonly ref: AccountRef;
  id: number | undefined;
  available: bigint;
  frozen: bigint;
}

/** The net change one posting makes to one hold (and, once applied, how to undo it). */
interface HoldChange {
  readonly holder: string;
  readonly change: Change;
  delta: bigint;
  hold: HoldState | undefined;
  previousAccount: number;
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const LEG_CHUNK = 50;
/**
 * Rows per statement for a bulk entry's legs: 500 (a tenth less time than 50 for 150,000 legs), the rest in statements
 * of at most {@link LEG_CHUNK}. Statements are cached by their row count, so the counts stay few (501, not 500 sizes).
 */
const BULK_LEG_CHUNK = 500;
const ENTRY_CHUNK = 64;
const HOLD_CHUNK = 100;
const ACCOUNT_CHUNK = 100;
const REASON_CHUNK = 100;
/** A frozen leg without a holder: only adoption writes one (it names what an earlier version froze). */
const UNATTRIBUTED = '\u0000unattributed';
const SYSTEM_NAME = /^[a-z0-9_.:-]{1,64}$/;

/** Thrown (inside the caller's transaction, which then rolls back) when a posting would break a ledger rule. */
export class LedgerError extends DomainError {}

export interface LedgerOptions {
  /** Whether a user exists (operator adjustments are refused for anyone else). */
  userExists?: (uid: number) => boolean;
}

/**
 * The one ledger. Other modules move money only through `post` (and its shorthands `transfer`, `hold`, `release`,
 * `settle`), always inside their own `tx.run` transaction together with the business row the movement belongs to.
 *
 * How a posting is made, and why it is safe without a savepoint of its own: every check (balance per leg, no
 * negative result where the account's type forbids it, holds, 64-bit range, unique reference) happens before
 * anything is changed, so a refused posting changes nothing. Accepted postings change this process's copy of each
 * account and hold at once (the server is the only writer, so that copy is authoritative) and register their undo
 * with the current transaction; the rows are written once, just before the outermost transaction commits: each
 * changed account and hold once, the entries and legs in multi-row inserts, the statement rows in sorted batches.
 * Until then a posting has executed no write, so a caller may run it in a `tx.unit` (no savepoint). A rollback of
 * the transaction, or of the savepoint or unit the posting was made in, undoes the copy exactly. The database's
 * CHECK constraints stay as the last line: a flush that would break them rolls the whole transaction back.
 */
export class LedgerService {
  readonly adjustments: AdjustmentDesk;
  private readonly statements: StatementIndex;
  private readonly accountIds = new Map<string, number>();
  /** Ids by reference object: hot callers (the spot desk) reuse their refs, so this skips building a key string. */
  private readonly idsByRef = new WeakMap<AccountRef, number>();
  private readonly refsById = new Map<number, AccountRef>();
  private readonly systemOwners = new Map<string, { id: number; type: AccountType; allowNegative: boolean }>();
  /** Types modules declared for their system owners (market makers…), used when the owner is first created. */
  private readonly declared = new Map<string, SystemAccountSpec>();
  private readonly assets = new Map<string, AssetRow>();
  private externalFlows: ExternalFlows | undefined;
  private running: Promise<ReconciliationReport> | null = null;
  private readonly states = new Map<number, AccountState>();
  private readonly dirty = new Set<AccountState>();
  /** Every open hold (all of them: a miss means "no hold", never a database read on the hot path). */
  private readonly holds = new Map<string, HoldState>();
  /** Holds changed since `ledger_holds` was last written (it is written with the statements, in batches). */
  private readonly unsynced = new Set<HoldState>();
  /** Entries of the current transaction, by id (the ids are given here: the rows are written at the flush). */
  private readonly pending = new Map<number, PendingEntry>();
  /** Their references: the unique index cannot see them before the flush. */
  private readonly pendingRefs = new Set<string>();
  private nextEntryId = 0;
  /** Numbers the calls of `settleHolds` (its scratch marks on account states). */
  private bulkSeq = 0;
  private flushScheduled = false;
  /** `uid|reason` pairs already recorded in ledger_user_reasons (committed), so the flush skips them. */
  private readonly knownUserReasons = new Map<string, Set<number>>();
  private readonly legInserts = new Map<number, Statement<unknown[]>>();
  private readonly columnLegInserts = new Map<number, Statement<unknown[]>>();
  private readonly entryInserts = new Map<number, Statement<unknown[]>>();
  private readonly holdUpserts = new Map<number, Statement<unknown[]>>();
  private readonly holdDeletes = new Map<number, Statement<unknown[]>>();
  private readonly accountUpdates = new Map<number, Statement<unknown[]>>();
  private readonly reasonInserts = new Map<number, Statement<unknown[]>>();
  private readonly q: {
    assets: Statement<[], AssetRow>;
    systemOwner: Statement<[string], { id: number; type: AccountType; allow_negative: number }>;
    systemOwnerName: Statement<[number], string>;
    insertSystemOwner: Statement<[string, string, number, number]>;
    accountId: Statement<[string, number, string, string, string], { id: number }>;
    insertAccount: Statement<[string, number, string, string, string, string, number, number]>;
    account: Statement<[number], AccountRow>;
    accountRef: Statement<
      [number],
      { owner_kind: 'user' | 'system'; owner_id: number; wallet: Wallet; asset: string; sub: string }
    >;
    accountType: Statement<[number], AccountType>;
    maxEntryId: Statement<[], number | null>;
    writeAccount: Statement<[bigint, bigint, number, number]>;
    hasReference: Statement<[string], { one: number }>;
    userHasReason: Statement<[number, string, string], { one: number }>;
    userBalances: Statement<[number], AccountBalance & { id: bigint }>;
    userAccounts: Statement<[number], AccountBalance & { id: bigint; sub: string }>;
    upto: Statement<[], number>;
    setUpto: Statement<[number]>;
  };

  constructor(
    private readonly db: Db,
    private readonly tx: Transactions,
    private readonly clock: Clock,
    options: LedgerOptions = {},
  ) {
    this.q = {
      assets: db.prepare('SELECT code, name, scale, display_precision, sort, status FROM assets ORDER BY sort, code'),
      systemOwner: db.prepare('SELECT id, type, allow_negative FROM system_owners WHERE name = ?'),
      systemOwnerName: db.prepare<[number], string>('SELECT name FROM system_owners WHERE id = ?').pluck(),
      insertSystemOwner: db.prepare(
        'INSERT INTO system_owners (name, type, allow_negative, created_at) VALUES (?, ?, ?, ?)',
      ),
      accountId: db.prepare(
        'SELECT id FROM ledger_accounts WHERE owner_kind = ? AND owner_id = ? AND wallet = ? AND asset = ? AND sub = ?',
      ),
      insertAccount: db.prepare(
        `INSERT INTO ledger_accounts (owner_kind, owner_id, wallet, asset, sub, type, allow_negative, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      account: db
        .prepare<[number], AccountRow>(
          'SELECT id, asset, available, frozen, allow_negative, owner_kind, owner_id FROM ledger_accounts WHERE id = ?',
        )
        .safeIntegers(true),
      accountRef: db.prepare('SELECT owner_kind, owner_id, wallet, asset, sub FROM ledger_accounts WHERE id = ?'),
      accountType: db.prepare<[number], AccountType>('SELECT type FROM ledger_accounts WHERE id = ?').pluck(),
      maxEntryId: db.prepare<[], number | null>('SELECT MAX(id) FROM journal_entries').pluck(),
      writeAccount: db.prepare('UPDATE ledger_accounts SET available = ?, frozen = ?, updated_at = ? WHERE id = ?'),
      hasReference: db.prepare('SELECT 1 AS one FROM journal_entries WHERE reference = ?'),
      userHasReason: db.prepare(
        'SELECT 1 AS one FROM ledger_user_reasons WHERE uid = ? AND (reason = ? OR reason LIKE ?) LIMIT 1',
      ),
      userBalances: db
        .prepare<[number], AccountBalance & { id: bigint }>(
          `SELECT id, wallet, asset, available, frozen FROM ledger_accounts
           WHERE owner_kind = 'user' AND owner_id = ? AND sub = '' ORDER BY wallet, asset`,
        )
        .safeIntegers(true),
      upto: db.prepare<[], number>('SELECT upto FROM ledger_index_upto WHERE id = 1').pluck(),
      setUpto: db.prepare('UPDATE ledger_index_upto SET upto = MAX(upto, ?) WHERE id = 1'),
      userAccounts: db
        .prepare<[number], AccountBalance & { id: bigint; sub: string }>(
          `SELECT id, wallet, asset, sub, available, frozen FROM ledger_accounts
           WHERE owner_kind = 'user' AND owner_id = ? ORDER BY wallet, asset, sub`,
        )
        .safeIntegers(true),
    };
    this.loadAssets();
    for (const row of db
      .prepare<[], { holder: string; account_id: number; amount: bigint; created_at: number }>(
        'SELECT holder, account_id, amount, created_at FROM ledger_holds',
      )
      .safeIntegers(true)
      .all()) {
      this.holds.set(row.holder, {
        holder: row.holder,
        accountId: Number(row.account_id),
        amount: row.amount,
        stored: true,
        createdAt: Number(row.created_at),
      });
    }
    this.statements = new StatementIndex(db, tx, clock);
    // Entries written since the indexes were last written (a crash, or the first start after the upgrade).
    this.catchUpIndexes();
    this.adjustments = new AdjustmentDesk(db, tx, clock, this, options.userExists ?? (() => true));
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

  // ---- system accounts and their types ------------------------------------------------------------------------

  /**
   * Declares the type of a system owner a module uses (market makers: equity). Refused when the type may not go
   * negative but the declaration says it may, or when the owner exists with another type. Declaring writes
   * nothing: the owner is created on first use, with this type.
   */
  declareSystemAccount(name: string, spec: SystemAccountSpec): void {
    if (!SYSTEM_NAME.test(name)) throw new Error(`system owner ${name}: not a valid name`);
    if (spec.negative && !NEGATIVE_ALLOWED[spec.type]) {
      throw new Error(`system owner ${name}: a ${spec.type} account may not go negative`);
    }
    const current = this.storedSpec(name) ?? SYSTEM_ACCOUNTS[name];
    if (current && (current.type !== spec.type || current.negative !== spec.negative)) {
      throw new Error(`system owner ${name} is ${current.type}${current.negative ? ' (may go negative)' : ''}`);
    }
    this.declared.set(name, spec);
  }

  /** What a system owner is (as created, declared, built in, or the default for undeclared owners). */
  systemAccountSpec(name: string): SystemAccountSpec {
    return this.storedSpec(name) ?? this.declared.get(name) ?? SYSTEM_ACCOUNTS[name] ?? DEFAULT_SYSTEM_ACCOUNT;
  }

  private storedSpec(name: string): SystemAccountSpec | undefined {
    const cached = this.systemOwners.get(name);
    if (cached) return { type: cached.type, negative: cached.allowNegative };
    const row = this.q.systemOwner.get(name);
    return row ? { type: row.type, negative: row.allow_negative === 1 } : undefined;
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

  private systemOwner(name: string): { id: number; type: AccountType; allowNegative: boolean } {
    const cached = this.systemOwners.get(name);
    if (cached) return cached;
    let row = this.q.systemOwner.get(name);
    if (!row) {
      if (!SYSTEM_NAME.test(name)) throw new Error(`system owner ${name}: not a valid name`);
      const spec = this.declared.get(name) ?? SYSTEM_ACCOUNTS[name] ?? DEFAULT_SYSTEM_ACCOUNT;
      this.q.insertSystemOwner.run(name, spec.type, spec.negative ? 1 : 0, this.clock.now());
      row = this.q.systemOwner.get(name);
      if (!row) throw new Error(`system owner ${name} could not be created`);
    }
    const owner = { id: row.id, type: row.type, allowNegative: row.allow_negative === 1 };
    this.rememberWhenCommitted(() => this.systemOwners.set(name, owner));
    return owner;
  }

  private accountKey(ref: AccountRef): string {
    // Asset codes have no colon, so a sub-account's key cannot be taken for another account's.
    const key =
      ref.owner.kind === 'user'
        ? `u:${ref.owner.uid}:${ref.wallet}:${ref.asset}`
        : `s:${ref.owner.name}:${ref.wallet}:${ref.asset}`;
    return ref.sub ? `${key}:${ref.sub}` : key;
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
    const id = this.q.accountId.get(ref.owner.kind, ownerId, ref.wallet, ref.asset, ref.sub ?? '')?.id;
    if (id !== undefined) {
      const key = this.accountKey(ref);
      this.rememberWhenCommitted(() => this.accountIds.set(key, id));
    }
    return id;
  }

  /** The id of an account, created on first use (with its owner's type: users' accounts are liabilities). */
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
    const sub = ref.sub ?? '';
    if (sub.length > 64) throw new Error(`sub-account name too long: ${sub}`);
    let ownerId: number;
    let type: AccountType = 'liability';
    let allowNegative = 0;
    if (ref.owner.kind === 'user') ownerId = ref.owner.uid;
    else {
      const owner = this.systemOwner(ref.owner.name);
      ownerId = owner.id;
      type = owner.type;
      allowNegative = owner.allowNegative ? 1 : 0;
    }
    let row = this.q.accountId.get(ref.owner.kind, ownerId, ref.wallet, ref.asset, sub);
    if (!row) {
      this.q.insertAccount.run(
        ref.owner.kind,
        ownerId,
        ref.wallet,
        ref.asset,
        sub,
        type,
        allowNegative,
        this.clock.now(),
      );
      row = this.q.accountId.get(ref.owner.kind, ownerId, ref.wallet, ref.asset, sub);
      if (!row) throw new Error('account could not be created');
      const created = row.id;
      // If the row goes with a rollback, its id may be given to another account: forget its balances too.
      this.tx.afterRollback(() => {
        const state = this.states.get(created);
        if (state) this.dirty.delete(state);
        this.states.delete(created);
        this.refsById.delete(created);
      });
    }
    const id = row.id;
    this.rememberWhenCommitted(() => this.accountIds.set(key, id));
    return id;
  }

  /** The account an id names (holds name their account by id). */
  private refOf(id: number): AccountRef {
    const cached = this.refsById.get(id);
    if (cached) return cached;
    const row = this.q.accountRef.get(id);
    if (!row) throw new Error(`ledger account ${id} does not exist`);
    let ref: AccountRef;
    if (row.owner_kind === 'user')
      ref = { owner: { kind: 'user', uid: row.owner_id }, wallet: row.wallet, asset: row.asset };
    else {
      const name = this.q.systemOwnerName.get(row.owner_id);
      if (name === undefined) throw new Error(`system owner ${row.owner_id} does not exist`);
      ref = { owner: { kind: 'system', name }, wallet: row.wallet, asset: row.asset };
    }
    if (row.sub !== '') ref.sub = row.sub;
    this.refsById.set(id, ref);
    return ref;
  }

  /** The in-process copy of an account's balances, loaded on first use. */
  private stateOf(id: number): AccountState {
    let state = this.states.get(id);
    if (!state) {
      const row = this.q.account.get(id);
      if (!row) throw new Error(`ledger account ${id} does not exist`);
      state = {
        id,
        asset: row.asset,
        available: row.available,
        frozen: row.frozen,
        allowNegative: row.allow_negative === 1n,
        uid: row.owner_kind === 'user' ? Number(row.owner_id) : null,
        seq: 0,
        slot: 0,
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

  /** The main pot ('' sub-account) of every wallet and asset a user ever held, including this transaction's postings. */
  userBalances(uid: number): AccountBalance[] {
    return this.q.userBalances.all(uid).map(({ id, wallet, asset, available, frozen }) => {
      const state = this.states.get(Number(id));
      return state
        ? { wallet, asset, available: state.available, frozen: state.frozen }
        : { wallet, asset, available, frozen };
    });
  }

  /** Every account of a user, sub-accounts included. */
  userAccounts(uid: number): UserAccount[] {
    return this.q.userAccounts.all(uid).map(({ id, wallet, asset, sub, available, frozen }) => {
      const state = this.states.get(Number(id));
      return {
        id: Number(id),
        wallet,
        asset,
        sub,
        available: state ? state.available : available,
        frozen: state ? state.frozen : frozen,
      };
    });
  }

  /** Whether a user's accounts ever moved for this reason (or a sub-reason `reason.*`): first deposit, first trade. */
  userHasReason(uid: number, reason: string): boolean {
    for (const entry of this.pending.values()) {
      if (entry.reason !== reason && !entry.reason.startsWith(`${reason}.`)) continue;
      if (entry.legs.some(([accountId]) => this.states.get(accountId)?.uid === uid)) return true;
      const c = entry.columns;
      if (c) for (let i = 0; i < c.count; i++) if (this.states.get(c.ids[i] as number)?.uid === uid) return true;
    }
    return this.q.userHasReason.get(uid, reason, `${reason}.%`) !== undefined;
  }

  hasReference(reference: string): boolean {
    return this.pendingRefs.has(reference) || this.q.hasReference.get(reference) !== undefined;
  }

  // ---- holds --------------------------------------------------------------------------------------------------

  /** The open hold of a holder, or null. */
  holdOf(holder: string): HoldView | null {
    const hold = this.holds.get(holder);
    if (!hold || hold.amount === 0n) return null;
    return { holder, account: this.refOf(hold.accountId), amount: hold.amount, createdAt: hold.createdAt };
  }

  /** The open holds of an account (their sum is its frozen balance). */
  holdsOf(ref: AccountRef): HoldView[] {
    const id = this.existingAccountId(ref);
    if (id === undefined) return [];
    const out: HoldView[] = [];
    for (const hold of this.holds.values()) {
      if (hold.accountId === id && hold.amount > 0n) {
        out.push({ holder: hold.holder, account: ref, amount: hold.amount, createdAt: hold.createdAt });
      }
    }
    return out.sort((a, b) => (a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : 0));
  }

  /**
   * Attributes frozen amounts written before holds existed (an upgraded database) to their holders: each module
   * adopts its own at start (the spot desk its resting orders, the wallet its open withdrawals). Each adoption is a
   * journal entry (`ledger.hold.adopt`, reference `ledger:hold:adopt:<holder>`) whose two frozen legs move the
   * amount from "no holder" to the holder: the balances do not change, the frozen units become named, and the
   * journal says so. Idempotent: a hold that exists with the same account and amount is left as it is. Refused (an
   * Error: the state is inconsistent) when a hold exists with other values or the account's unattributed frozen
   * amount is smaller than what is adopted.
   */
  adoptHolds(holds: readonly { account: AccountRef; holder: string; amount: bigint }[]): number {
    const run = (): number => {
      const held = new Map<number, bigint>();
      for (const hold of this.holds.values()) {
        if (hold.amount > 0n) held.set(hold.accountId, (held.get(hold.accountId) ?? 0n) + hold.amount);
      }
      let adopted = 0;
      for (const { account, holder, amount } of holds) {
        if (amount <= 0n) throw new Error(`hold ${holder}: nothing to adopt`);
        const id = this.existingAccountId(account);
        if (id === undefined) throw new Error(`hold ${holder}: its account does not exist`);
        const existing = this.holds.get(holder);
        if (existing && existing.amount > 0n) {
          if (existing.accountId !== id || existing.amount !== amount) {
            throw new Error(`hold ${holder} exists as ${existing.amount} on account ${existing.accountId}`);
          }
          continue;
        }
        const free = this.stateOf(id).frozen - (held.get(id) ?? 0n);
        if (free < amount) {
          throw new Error(`hold ${holder}: account ${id} has ${free} frozen that no hold names, not ${amount}`);
        }
        this.postNow({
          reference: `ledger:hold:adopt:${holder}`,
          reason: 'ledger.hold.adopt',
          legs: [
            { account, bucket: 'frozen', amount: -amount, holder: UNATTRIBUTED },
            { account, bucket: 'frozen', amount, holder },
          ],
        });
        held.set(id, (held.get(id) ?? 0n) + amount);
        adopted++;
      }
      return adopted;
    };
    return this.tx.active ? run() : this.tx.run(run);
  }

  // ---- statements ---------------------------------------------------------------------------------------------

  /**
   * An account's statement, newest first: each movement with its entry and the balances after it. Page by page:
   * pass the `next` of one page as `before` of the next. Shows committed movements.
   */
  statement(
    ref: AccountRef,
    page: { before?: number; limit: number },
  ): { id: number | null; type: AccountType | null; balance: Balance; list: StatementLine[]; next: number | null } {
    this.indexNow();
    const id = this.existingAccountId(ref);
    if (id === undefined) return { id: null, type: null, balance: { available: 0n, frozen: 0n }, list: [], next: null };
    const { lines, more } = this.statements.page(id, page.before ?? Number.MAX_SAFE_INTEGER, page.limit);
    const entries = this.statements.entries(lines.map((l) => l.entryId));
    const list = lines.map((l) => statementLine(l, entries.get(l.entryId)));
    return {
      id,
      type: this.q.accountType.get(id) ?? null,
      balance: this.balance(ref),
      list,
      next: more ? (list.at(-1)?.entryId ?? null) : null,
    };
  }

  /**
   * The entries that moved a user's accounts for these reasons since `since` (newest first, paged), each with the
   * lines of the user's accounts it moved. The wallet builds its funding records from these.
   */
  movements(
    uid: number,
    filter: { reasons: readonly string[]; since: number; asset?: string | null },
    page: { offset: number; limit: number },
  ): { total: number; list: Movement[] } {
    this.indexNow();
    const accounts = new Map<number, UserAccount>();
    for (const a of this.userAccounts(uid)) if (!filter.asset || a.asset === filter.asset) accounts.set(a.id, a);
    const lines = this.statements.linesFor([...accounts.keys()], filter.reasons, filter.since);
    const entries = this.statements.entries([...new Set(lines.map((l) => l.entryId))]);
    const byEntry = new Map<number, Movement>();
    for (const line of lines) {
      const entry = entries.get(line.entryId);
      const account = accounts.get(line.accountId);
      if (!entry || !account || entry.created_at < filter.since) continue;
      const decoded = { ...statementLine(line, entry), wallet: account.wallet, asset: account.asset, sub: account.sub };
      const movement = byEntry.get(line.entryId);
      if (movement) movement.lines.push(decoded);
      else {
        byEntry.set(line.entryId, {
          entryId: line.entryId,
          reference: decoded.reference,
          reason: decoded.reason,
          createdAt: decoded.createdAt,
          meta: decoded.meta,
          lines: [decoded],
        });
      }
    }
    const all = [...byEntry.values()];
    return { total: all.length, list: all.slice(page.offset, page.offset + page.limit) };
  }

  // ---- operator reads: system accounts, journal search --------------------------------------------------------

  /** Every system account that exists (each owner, wallet, asset and sub-account) with its type and balances. */
  systemAccounts(): SystemAccountView[] {
    const rows = this.db
      .prepare<
        [],
        {
          id: bigint;
          name: string;
          wallet: Wallet;
          asset: string;
          sub: string;
          type: AccountType;
          available: bigint;
          frozen: bigint;
        }
      >(
        `SELECT a.id, s.name, a.wallet, a.asset, a.sub, a.type, a.available, a.frozen
         FROM ledger_accounts a JOIN system_owners s ON s.id = a.owner_id
         WHERE a.owner_kind = 'system' ORDER BY s.name, a.asset, a.wallet, a.sub`,
      )
      .safeIntegers(true)
      .all();
    return rows.map(({ id, name, wallet, asset, sub, type, available, frozen }) => {
      const state = this.states.get(Number(id));
      return {
        system: name,
        wallet,
        asset,
        sub,
        type,
        available: state ? state.available : available,
        frozen: state ? state.frozen : frozen,
      };
    });
  }

  /**
   * Committed journal entries by reference: exact, or every reference starting with `prefix` (an index range, not a
   * scan). Newest first, one page, each entry with its legs.
   */
  journal(
    filter: { reference: string; prefix: boolean },
    page: { offset: number; limit: number },
  ): { total: number; list: JournalEntryView[] } {
    // Above every character a reference can hold: the range [prefix, prefix + MAX) is "starts with prefix".
    const upper = `${filter.reference}\u{10FFFF}`;
    const where = filter.prefix ? 'reference >= ? AND reference < ?' : 'reference = ?';
    const args = filter.prefix ? [filter.reference, upper] : [filter.reference];
    const total =
      this.db
        .prepare<unknown[], number>(`SELECT COUNT(*) FROM journal_entries WHERE ${where}`)
        .pluck()
        .get(...args) ?? 0;
    const entries = this.db
      .prepare<unknown[], EntryInfo>(
        `SELECT id, reference, reason, created_at, meta FROM journal_entries WHERE ${where}
         ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, page.limit, page.offset);
    const legs = new Map<number, JournalLegView[]>();
    if (entries.length > 0) {
      const rows = this.db
        .prepare<
          [string],
          {
            entry_id: bigint;
            bucket: Bucket;
            amount: bigint;
            holder: string | null;
            owner_kind: 'user' | 'system';
            owner_id: bigint;
            system: string | null;
            wallet: Wallet;
            asset: string;
            sub: string;
          }
        >(
          `SELECT l.entry_id, l.bucket, l.amount, l.holder, a.owner_kind, a.owner_id, s.name AS system,
                  a.wallet, a.asset, a.sub
           FROM journal_legs l
           JOIN ledger_accounts a ON a.id = l.account_id
           LEFT JOIN system_owners s ON a.owner_kind = 'system' AND s.id = a.owner_id
           WHERE l.entry_id IN (SELECT value FROM json_each(?)) ORDER BY l.entry_id, l.id`,
        )
        .safeIntegers(true)
        .all(JSON.stringify(entries.map((e) => e.id)));
      for (const row of rows) {
        const entryId = Number(row.entry_id);
        const list = legs.get(entryId) ?? [];
        list.push({
          owner: row.owner_kind,
          uid: row.owner_kind === 'user' ? Number(row.owner_id) : null,
          system: row.owner_kind === 'system' ? row.system : null,
          wallet: row.wallet,
          asset: row.asset,
          sub: row.sub,
          bucket: row.bucket,
          amount: row.amount,
          holder: row.holder,
        });
        legs.set(entryId, list);
      }
    }
    return {
      total,
      list: entries.map((e) => ({
        id: e.id,
        reference: e.reference,
        reason: e.reason,
        createdAt: e.created_at,
        meta: e.meta === null ? null : (JSON.parse(e.meta) as Record<string, unknown>),
        legs: legs.get(e.id) ?? [],
      })),
    };
  }

  /** Writes what waits in memory (statement lines, holds): at shutdown, so the next start has nothing to catch up. */
  close(): void {
    this.indexNow();
  }

  /** Statement rows still waiting in memory (tests). */
  get statementBacklog(): number {
    return this.statements.pending;
  }

  // ---- reconciliation -----------------------------------------------------------------------------------------

  /** The wallet registers where deposits credited and withdrawals sent are recorded, for reconciliation. */
  useExternalFlows(flows: ExternalFlows): void {
    this.externalFlows = flows;
  }

  /** Reconciles on this thread (tests, small ledgers). The operator route uses {@link reconcileInBackground}. */
  reconcile(): ReconciliationReport {
    if (this.pending.size > 0) {
      throw new Error('reconcile inside a write transaction that has postings pending');
    }
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
   * Posts a balanced entry: per asset the legs sum to zero; every frozen leg names its holder. Refused without
   * effect (and, since it throws, the caller's transaction rolled back unless it catches) when the reference was
   * used before, a leg is zero, the legs do not balance, a balance would go below zero where its account may not,
   * a hold would go below zero, or a value would leave 64 bits.
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
    let holdChanges: HoldChange[] | null = null;
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
      else {
        change.frozen += leg.amount;
        const holder = leg.holder;
        if (holder === undefined || holder === '') throw new Error(`frozen leg without a holder in ${input.reference}`);
        // Adoption's leg that takes the amount from "no holder" (its check is adoptHolds').
        if (holder === UNATTRIBUTED) {
          legChanges.push(change);
          continue;
        }
        holdChanges ??= [];
        let h: HoldChange | undefined;
        for (const c of holdChanges) if (c.holder === holder) h = c;
        if (!h) holdChanges.push((h = { holder, change, delta: 0n, hold: undefined, previousAccount: 0 }));
        else if (h.change !== change) throw new Error(`hold ${holder} on two accounts in ${input.reference}`);
        h.delta += leg.amount;
      }
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
    if (holdChanges) {
      for (const h of holdChanges) {
        if (h.delta === 0n) continue;
        const hold = this.holds.get(h.holder);
        h.hold = hold;
        const current = hold?.amount ?? 0n;
        if (current > 0n && hold?.accountId !== h.change.id) {
          throw new Error(`hold ${h.holder} is on another account (${input.reference})`);
        }
        // A hold never goes below zero: what is released or settled was held by that holder.
        if (current + h.delta < 0n) throw new LedgerError('INSUFFICIENT_BALANCE');
      }
    }

    // 2. The unique reference: a repeated posting stops here, still without any change. The entry's row is written
    //    at the flush, so this transaction's own entries are checked in memory; the unique index stays as the last
    //    line (a duplicate that got past this would fail the flush and roll the transaction back).
    const reference = input.reference;
    if (this.pendingRefs.has(reference) || (!input.fresh && this.q.hasReference.get(reference) !== undefined)) {
      throw new LedgerError('ALREADY_HANDLED');
    }
    // Ids continue from the table's largest, read once per transaction (nothing else writes the journal).
    if (this.pending.size === 0) this.nextEntryId = (this.q.maxEntryId.get() ?? 0) + 1;
    const entryId = this.nextEntryId++;
    const now = this.clock.now();

    // 3. Apply to the in-process copy and stage the statement rows, remember the legs for the flush, and how to
    //    undo it all.
    const applied: [AccountState, bigint, bigint][] = [];
    const mark = this.statements.mark;
    const reasonId = this.statements.reasonId(input.reason);
    for (const change of changes) {
      change.id ??= this.accountId(change.ref);
      const state = this.stateOf(change.id);
      state.available += change.available;
      state.frozen += change.frozen;
      this.dirty.add(state);
      applied.push([state, change.available, change.frozen]);
      this.statements.stage(state.id, entryId, reasonId, now, state.available, state.frozen);
    }
    if (holdChanges) {
      for (const h of holdChanges) {
        if (h.delta === 0n) continue;
        const accountId = h.change.id as number;
        let hold = h.hold;
        if (!hold) {
          hold = { holder: h.holder, accountId, amount: 0n, stored: false, createdAt: now };
          this.holds.set(h.holder, hold);
          h.hold = hold;
        }
        h.previousAccount = hold.accountId;
        if (hold.amount === 0n) {
          // A holder that held nothing may hold again, anywhere.
          hold.accountId = accountId;
          hold.createdAt = now;
        }
        hold.amount += h.delta;
        if (hold.amount === 0n && !hold.stored) {
          // Opened and ended before the holds were written: there is nothing to write (the undo puts it back).
          this.holds.delete(h.holder);
          this.unsynced.delete(hold);
        } else this.unsynced.add(hold);
      }
    }
    const legs: PendingLeg[] = input.legs.map((leg, i) => [
      legChanges[i]?.id ?? this.accountId(leg.account),
      leg.account.asset,
      leg.bucket ?? 'available',
      leg.amount,
      leg.holder === undefined || leg.holder === UNATTRIBUTED ? null : leg.holder,
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
      this.statements.unstage(mark);
      for (const [state, available, frozen] of applied) {
        state.available -= available;
        state.frozen -= frozen;
        this.dirty.add(state);
      }
      if (holdChanges) {
        for (let i = holdChanges.length - 1; i >= 0; i--) {
          const h = holdChanges[i] as HoldChange;
          const hold = h.hold;
          if (h.delta === 0n || !hold) continue;
          hold.amount -= h.delta;
          hold.accountId = h.previousAccount;
          if (hold.amount === 0n && !hold.stored) {
            // A hold this posting opened is gone again (one with a row stays: it is written as it is now).
            this.unsynced.delete(hold);
            if (this.holds.get(hold.holder) === hold) this.holds.delete(hold.holder);
          } else {
            // Back as it was (this posting may have ended it).
            this.holds.set(hold.holder, hold);
            this.unsynced.add(hold);
          }
        }
      }
      this.pending.delete(entryId);
      this.pendingRefs.delete(reference);
    });
    this.scheduleFlush();
    return entryId;
  }

  /**
   * Settles many holds in ONE journal entry (a round of up/down options, a batch of refunds): each hold lets go of
   * `amount` (all it holds when absent), of which `back` (≥ 0, may be more than the amount: a win) goes to the
   * available bucket of the hold's own account; `to` are a few aggregated legs on other accounts' available buckets
   * (a pool, the fees; negative takes from them) that balance the entry. All in `asset`. The same rules as `post`,
   * checked for the whole entry before anything changes, so it is all or nothing: a reference used once
   * (`ALREADY_HANDLED`); a hold that does not hold the amount (`INSUFFICIENT_BALANCE`); nothing negative where its
   * type forbids it, as the entry's net effect per account (`INSUFFICIENT_BALANCE`); a holder named twice, an
   * account in another asset or legs that do not balance are bugs (an Error). Zero `back` and zero `to` amounts
   * make no leg. Costs O(holds) with no SQL but the reference check: accounts are found through their holds.
   */
  settleHolds(input: {
    reference: string;
    reason: string;
    asset: string;
    holds: readonly { holder: string; amount?: bigint; back?: bigint }[] | HoldBatch;
    to: readonly { account: AccountRef; amount: bigint }[];
    meta?: Record<string, unknown>;
  }): number {
    return this.tx.active ? this.settleHoldsNow(input) : this.tx.run(() => this.settleHoldsNow(input));
  }

  private settleHoldsNow(input: {
    reference: string;
    reason: string;
    asset: string;
    holds: readonly { holder: string; amount?: bigint; back?: bigint }[] | HoldBatch;
    to: readonly { account: AccountRef; amount: bigint }[];
    meta?: Record<string, unknown>;
  }): number {
    const { reference, asset } = input;
    const holds = 'count' in input.holds ? input.holds : holdBatch(input.holds);
    const n = holds.count;
    if (n === 0 && input.to.length === 0) throw new Error('an entry needs legs');
    // Numbers in typed arrays, not arrays of bigints: a round's 100,000 holds would otherwise leave hundreds of
    // thousands of live objects that every young-generation GC copies (it was most of the time). A typed array wraps
    // silently beyond 64 bits, so every value is range-checked before it is stored.
    const cap = 2 * n + input.to.length;
    const columns: LegColumns = {
      count: 0,
      asset,
      ids: new Float64Array(cap),
      amounts: new BigInt64Array(cap),
      frozen: new Uint8Array(cap),
      holders: new Array<string | null>(cap).fill(null),
    };
    const ids = columns.ids;
    const legAmounts = columns.amounts;

    // 1. Every check, before anything changes: the holds, the net change of each account (its slot in `dAvailable` /
    //    `dFrozen`, marked on the account's state with this call's number), the balance. An account's first change
    //    is stored as it is (one hold per account is the usual case); only a second one adds and range-checks.
    const seq = ++this.bulkSeq;
    const touched: AccountState[] = [];
    const dAvailable = new BigInt64Array(n + input.to.length);
    const dFrozen = new BigInt64Array(n + input.to.length);
    const slot = (state: AccountState): number => {
      if (state.seq !== seq) {
        state.seq = seq;
        state.slot = touched.length;
        touched.push(state);
      }
      return state.slot;
    };
    const add = (deltas: BigInt64Array, i: number, amount: bigint) => {
      const value = (deltas[i] as bigint) + amount;
      if (value > INT64_MAX || value < INT64_MIN) throw new LedgerError('INVALID_PARAMS', { detail: 'out of range' });
      deltas[i] = value;
    };
    const taken: HoldState[] = new Array<HoldState>(n);
    const amounts = new BigInt64Array(n);
    const seen = new Set<HoldState>();
    let out = 0n;
    let back = 0n;
    let c = 0;
    let last: AccountState | undefined;
    for (let k = 0; k < n; k++) {
      const holder = holds.holder(k);
      const hold = this.holds.get(holder);
      if (!hold || hold.amount === 0n) throw new LedgerError('INSUFFICIENT_BALANCE');
      if (seen.has(hold)) throw new Error(`hold ${holder} named twice in ${reference}`);
      seen.add(hold);
      const amount = holds.amount(k) ?? hold.amount;
      const paid = holds.back(k);
      if (amount <= 0n || paid < 0n || paid > INT64_MAX) {
        throw new LedgerError('INVALID_PARAMS', { detail: `hold ${holder}` });
      }
      if (amount > hold.amount) throw new LedgerError('INSUFFICIENT_BALANCE');
      const state = last !== undefined && last.id === hold.accountId ? last : this.stateOf(hold.accountId);
      last = state;
      if (state.asset !== asset) throw new Error(`hold ${holder} is in ${state.asset}, not ${asset} (${reference})`);
      const minus = -amount;
      if (state.seq !== seq) {
        const i = slot(state);
        dFrozen[i] = minus;
        dAvailable[i] = paid;
      } else {
        add(dFrozen, state.slot, minus);
        add(dAvailable, state.slot, paid);
      }
      taken[k] = hold;
      amounts[k] = amount;
      ids[c] = state.id;
      legAmounts[c] = minus;
      columns.frozen[c] = 1;
      columns.holders[c++] = hold.holder;
      out += amount;
      if (paid > 0n) {
        ids[c] = state.id;
        legAmounts[c++] = paid;
        back += paid;
      }
    }
    columns.count = c;
    let sum = back - out;
    const others: [AccountRef, bigint][] = [];
    for (const t of input.to) {
      if (t.account.asset !== asset) throw new Error(`leg in ${t.account.asset} in an entry in ${asset}`);
      if (t.amount > INT64_MAX || t.amount < INT64_MIN)
        throw new LedgerError('INVALID_PARAMS', { detail: 'out of range' });
      if (t.amount !== 0n) others.push([t.account, t.amount]);
      sum += t.amount;
    }
    if (sum !== 0n) throw new Error(`entry ${reference} does not balance in ${asset}: ${sum}`);
    // Accounts that only `to` names and that do not exist yet hold zero; they are created once the entry goes through.
    const fresh: [AccountRef, bigint][] = [];
    for (const [ref, amount] of others) {
      const id = this.existingAccountId(ref);
      if (id === undefined) {
        const same = fresh.find(([r]) => sameRef(r, ref));
        if (same) same[1] += amount;
        else fresh.push([ref, amount]);
      } else add(dAvailable, slot(this.stateOf(id)), amount);
    }
    for (const state of touched) {
      const a = state.available + (dAvailable[state.slot] as bigint);
      const f = state.frozen + (dFrozen[state.slot] as bigint);
      if (f < 0n || (a < 0n && !state.allowNegative)) throw new LedgerError('INSUFFICIENT_BALANCE');
      if (a > INT64_MAX || f > INT64_MAX || a < INT64_MIN) {
        throw new LedgerError('INVALID_PARAMS', { detail: 'balance out of range' });
      }
    }
    for (const [ref, amount] of fresh) {
      if (amount < 0n && !this.wouldAllowNegative(ref)) throw new LedgerError('INSUFFICIENT_BALANCE');
      if (amount > INT64_MAX || amount < INT64_MIN) throw new LedgerError('INVALID_PARAMS', { detail: 'out of range' });
    }
    if (this.pendingRefs.has(reference) || this.q.hasReference.get(reference) !== undefined) {
      throw new LedgerError('ALREADY_HANDLED');
    }

    // 2. Apply (as `postNow`): the accounts, the holds, the statement lines, the legs for the flush, and the undo.
    for (const [ref, amount] of fresh) {
      if (amount !== 0n) add(dAvailable, slot(this.stateOf(this.accountId(ref))), amount);
    }
    for (const [ref, amount] of others) {
      ids[columns.count] = this.accountId(ref);
      legAmounts[columns.count++] = amount;
    }
    if (this.pending.size === 0) this.nextEntryId = (this.q.maxEntryId.get() ?? 0) + 1;
    const entryId = this.nextEntryId++;
    const now = this.clock.now();
    const mark = this.statements.mark;
    const reasonId = this.statements.reasonId(input.reason);
    for (const state of touched) {
      const available = dAvailable[state.slot] as bigint;
      const frozen = dFrozen[state.slot] as bigint;
      if (available === 0n && frozen === 0n) continue;
      state.available += available;
      state.frozen += frozen;
      this.dirty.add(state);
      this.statements.stage(state.id, entryId, reasonId, now, state.available, state.frozen);
    }
    for (let k = 0; k < n; k++) {
      const hold = taken[k] as HoldState;
      hold.amount -= amounts[k] as bigint;
      if (hold.amount === 0n && !hold.stored) {
        this.holds.delete(hold.holder);
        this.unsynced.delete(hold);
      } else this.unsynced.add(hold);
    }
    this.pending.set(entryId, {
      reference,
      reason: input.reason,
      createdAt: now,
      meta: input.meta ? JSON.stringify(input.meta) : null,
      legs: NO_LEGS,
      columns,
    });
    this.pendingRefs.add(reference);
    this.tx.afterRollback(() => {
      this.statements.unstage(mark);
      for (const state of touched) {
        state.available -= dAvailable[state.slot] as bigint;
        state.frozen -= dFrozen[state.slot] as bigint;
        this.dirty.add(state);
      }
      for (let k = n - 1; k >= 0; k--) {
        const hold = taken[k] as HoldState;
        hold.amount += amounts[k] as bigint;
        this.holds.set(hold.holder, hold);
        this.unsynced.add(hold);
      }
      this.pending.delete(entryId);
      this.pendingRefs.delete(reference);
    });
    this.scheduleFlush();
    return entryId;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.tx.beforeCommit(() => this.flush());
    this.tx.afterRollback(() => {
      this.flushScheduled = false;
    });
  }

  /**
   * Writes what this transaction changed: each account once, each hold once, then the entries and their legs in
   * multi-row inserts (entries first: legs refer to them); the statement rows go to the statement index.
   */
  private flush(): void {
    this.flushScheduled = false;
    const now = this.clock.now();
    this.writeAccounts(now);
    if (this.pending.size === 0) return;
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
    let lastEntryId = 0;
    const reasons: UserReasons = { values: [] };
    for (const [entryId, entry] of this.pending) {
      let lastUid: number | null = null;
      for (const [accountId, asset, bucket, amount, holder] of entry.legs) {
        const uid = this.states.get(accountId)?.uid;
        if (uid !== null && uid !== undefined && uid !== lastUid) {
          this.markUserReason(reasons, uid, entry.reason, entryId);
          lastUid = uid;
        }
        batch.push(entryId, accountId, asset, bucket, amount, holder);
        if (batch.length === LEG_CHUNK * 6) {
          this.insertLegs(batch);
          batch = [];
        }
      }
      if (entry.columns) {
        // The legs before them first: legs are numbered in the order they were posted.
        if (batch.length > 0) this.insertLegs(batch);
        batch = [];
        this.insertLegColumns(entryId, entry.reason, entry.columns, reasons);
      }
      lastEntryId = entryId;
    }
    if (batch.length > 0) this.insertLegs(batch);
    this.writeUserReasons(reasons);
    this.statements.commitStaged();
    if (this.statements.due(now)) this.writeIndexes(lastEntryId);
    this.pending.clear();
    this.pendingRefs.clear();
  }

  /**
   * Writes the ledger's indexes up to entry `upto`, inside the current transaction: the waiting statement rows
   * (sorted), each hold changed since the last time (open ones upserted, ended ones deleted; one opened and ended
   * in between is never written) and the mark. Runs when a batch is due, from the flush, or for a reader.
   */
  private writeIndexes(upto: number): void {
    this.statements.writeAll(upto);
    let upserts: unknown[] = [];
    let deletes: string[] = [];
    const written = [...this.unsynced];
    for (const hold of written) {
      if (hold.amount > 0n) {
        upserts.push(hold.holder, hold.accountId, hold.amount, hold.createdAt);
        if (upserts.length === HOLD_CHUNK * 4) {
          this.upsertHolds(upserts);
          upserts = [];
        }
      } else if (hold.stored) {
        deletes.push(hold.holder);
        if (deletes.length === HOLD_CHUNK) {
          this.deleteHolds(deletes);
          deletes = [];
        }
      }
    }
    if (upserts.length > 0) this.upsertHolds(upserts);
    if (deletes.length > 0) this.deleteHolds(deletes);
    this.q.setUpto.run(upto);
    this.unsynced.clear();
    this.tx.afterCommit(() => {
      for (const hold of written) {
        hold.stored = hold.amount > 0n;
        if (hold.amount === 0n && this.holds.get(hold.holder) === hold) this.holds.delete(hold.holder);
      }
    });
    // Not written after all: still to be written.
    this.tx.afterRollback(() => {
      for (const hold of written) this.unsynced.add(hold);
    });
  }

  /**
   * Brings the indexes up to the last committed entry (a reader wants the statement complete). Not inside a
   * transaction that has postings of its own: the holds in memory would include them, the statements not.
   */
  private indexNow(): void {
    if (this.pending.size > 0 || this.statements.pending === 0) return;
    const upto = this.statements.lastWaitingEntry();
    if (this.tx.active) this.writeIndexes(upto);
    else this.tx.run(() => this.writeIndexes(upto));
  }

  /**
   * At start: the journal's entries after the mark (a crash lost what waited in memory; after the upgrade, the whole
   * journal) are indexed from the journal itself: their holds applied to the holds read from `ledger_holds`, their
   * statement rows computed in SQL; then both are written.
   */
  private catchUpIndexes(): void {
    const upto = this.q.upto.get() ?? 0;
    const last = this.q.maxEntryId.get() ?? 0;
    if (last <= upto) return;
    const tail = this.db
      .prepare<[number], { holder: string; account_id: bigint; amount: bigint; created_at: bigint }>(
        `SELECT l.holder, l.account_id, SUM(l.amount) AS amount, MIN(e.created_at) AS created_at
         FROM journal_legs l JOIN journal_entries e ON e.id = l.entry_id
         WHERE l.entry_id > ? AND l.holder IS NOT NULL GROUP BY l.holder, l.account_id`,
      )
      .safeIntegers(true)
      .all(upto);
    for (const row of tail) {
      if (row.amount === 0n) continue;
      let hold = this.holds.get(row.holder);
      if (!hold) {
        hold = { holder: row.holder, accountId: Number(row.account_id), amount: 0n, stored: false, createdAt: 0 };
        this.holds.set(row.holder, hold);
      }
      if (hold.amount === 0n) {
        hold.accountId = Number(row.account_id);
        hold.createdAt = Number(row.created_at);
      }
      hold.amount += row.amount;
      this.unsynced.add(hold);
    }
    this.tx.run(() => {
      this.statements.catchUp(upto, last);
      this.writeIndexes(last);
    });
  }

  private upsertHolds(values: unknown[]): void {
    const rows = values.length / 4;
    let statement = this.holdUpserts.get(rows);
    if (!statement) {
      const tuples = Array.from({ length: rows }, () => '(?, ?, ?, ?)').join(', ');
      statement = this.db.prepare(
        `INSERT INTO ledger_holds (holder, account_id, amount, created_at) VALUES ${tuples}
         ON CONFLICT(holder) DO UPDATE SET account_id = excluded.account_id, amount = excluded.amount`,
      );
      this.holdUpserts.set(rows, statement);
    }
    statement.run(...values);
  }

  private deleteHolds(holders: string[]): void {
    let statement = this.holdDeletes.get(holders.length);
    if (!statement) {
      const marks = holders.map(() => '?').join(', ');
      statement = this.db.prepare(`DELETE FROM ledger_holds WHERE holder IN (${marks})`);
      this.holdDeletes.set(holders.length, statement);
    }
    statement.run(...holders);
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

  /** Notes that a user's accounts moved for a reason, unless known already (written by `writeUserReasons`). */
  private markUserReason(batch: UserReasons, uid: number, reason: string, entryId: number): void {
    if (this.knownUserReasons.get(reason)?.has(uid)) return;
    batch.values.push(uid, reason, entryId);
  }

  /** The flush's new `uid|reason` pairs, in multi-row inserts (the first entry of a pair wins: entry order). */
  private writeUserReasons(batch: UserReasons): void {
    const values = batch.values;
    if (values.length === 0) return;
    for (let i = 0; i < values.length; i += REASON_CHUNK * 3) {
      const part = values.slice(i, i + REASON_CHUNK * 3);
      const rows = part.length / 3;
      let statement = this.reasonInserts.get(rows);
      if (!statement) {
        const tuples = Array.from({ length: rows }, () => '(?, ?, ?)').join(', ');
        statement = this.db.prepare(
          `INSERT OR IGNORE INTO ledger_user_reasons (uid, reason, first_entry_id) VALUES ${tuples}`,
        );
        this.reasonInserts.set(rows, statement);
      }
      statement.run(...part);
    }
    this.tx.afterCommit(() => {
      for (let i = 0; i < values.length; i += 3) {
        const reason = values[i + 1] as string;
        let uids = this.knownUserReasons.get(reason);
        if (!uids) this.knownUserReasons.set(reason, (uids = new Set()));
        uids.add(values[i] as number);
      }
    });
  }

  /**
   * Each account this transaction changed, written once: one UPDATE each for a few, else UPDATE … FROM VALUES in
   * chunks (a round of options settles 100,000 accounts: a statement per row costs twice as much).
   */
  private writeAccounts(now: number): void {
    if (this.dirty.size <= ACCOUNT_CHUNK / 4) {
      for (const state of this.dirty) this.q.writeAccount.run(state.available, state.frozen, now, state.id);
    } else {
      let values: unknown[] = [now];
      const write = () => {
        const rows = (values.length - 1) / 3;
        let statement = this.accountUpdates.get(rows);
        if (!statement) {
          const tuples = Array.from({ length: rows }, () => '(?, ?, ?)').join(', ');
          statement = this.db.prepare(
            `UPDATE ledger_accounts SET available = v.column2, frozen = v.column3, updated_at = ?
             FROM (VALUES ${tuples}) AS v WHERE ledger_accounts.id = v.column1`,
          );
          this.accountUpdates.set(rows, statement);
        }
        statement.run(...values);
        values = [now];
      };
      for (const state of this.dirty) {
        values.push(state.id, state.available, state.frozen);
        if (values.length === ACCOUNT_CHUNK * 3 + 1) write();
      }
      if (values.length > 1) write();
    }
    this.dirty.clear();
  }

  /**
   * The legs of a `settleHolds` entry (100,000 or more): the entry and the asset bound once per statement, and a
   * user's reason noted once per account rather than per leg.
   */
  private insertLegColumns(entryId: number, reason: string, c: LegColumns, reasons: UserReasons): void {
    const known = this.knownUserReasons.get(reason);
    const named = { entry: entryId, asset: c.asset };
    let values: unknown[] = [];
    let lastAccount = -1;
    for (let i = 0; i < c.count; i++) {
      const accountId = c.ids[i] as number;
      if (accountId !== lastAccount) {
        lastAccount = accountId;
        const uid = this.states.get(accountId)?.uid;
        if (uid !== null && uid !== undefined && !known?.has(uid)) reasons.values.push(uid, reason, entryId);
      }
      values.push(accountId, c.frozen[i] ? 'frozen' : 'available', c.amounts[i], c.holders[i]);
      if (values.length === BULK_LEG_CHUNK * 4) {
        this.insertColumnLegs(values, named);
        values = [];
      }
    }
    for (let i = 0; i < values.length; i += LEG_CHUNK * 4) {
      this.insertColumnLegs(values.slice(i, i + LEG_CHUNK * 4), named);
    }
  }

  private insertColumnLegs(values: unknown[], named: { entry: number; asset: string }): void {
    const rows = values.length / 4;
    let statement = this.columnLegInserts.get(rows);
    if (!statement) {
      const tuples = Array.from({ length: rows }, () => '(@entry, ?, @asset, ?, ?, ?)').join(', ');
      statement = this.db.prepare(
        `INSERT INTO journal_legs (entry_id, account_id, asset, bucket, amount, holder) VALUES ${tuples}`,
      );
      this.columnLegInserts.set(rows, statement);
    }
    statement.run(...values, named);
  }

  private insertLegs(values: unknown[]): void {
    const rows = values.length / 6;
    let statement = this.legInserts.get(rows);
    if (!statement) {
      const tuples = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?)').join(', ');
      statement = this.db.prepare(
        `INSERT INTO journal_legs (entry_id, account_id, asset, bucket, amount, holder) VALUES ${tuples}`,
      );
      this.legInserts.set(rows, statement);
    }
    statement.run(...values);
  }

  /** Whether an account that does not exist yet would be allowed below zero (by its owner's declared type). */
  private wouldAllowNegative(ref: AccountRef): boolean {
    return ref.owner.kind === 'system' && this.systemAccountSpec(ref.owner.name).negative;
  }

  // ---- shorthands ---------------------------------------------------------------------------------------------

  /** Moves `amount` from one account's available bucket to another's. */
  transfer(input: {
    reference: string;
    reason: string;
    from: AccountRef;
    to: AccountRef;
    amount: bigint;
    meta?: Record<string, unknown>;
  }): number {
    positive(input.amount);
    if (input.from.asset !== input.to.asset) throw new Error('transfer between different assets');
    return this.post({
      reference: input.reference,
      reason: input.reason,
      meta: input.meta,
      legs: [
        { account: input.from, amount: -input.amount },
        { account: input.to, amount: input.amount },
      ],
    });
  }

  /** Available → frozen within one account, held by `holder` (an order, a withdrawal, an escrow waits on it). */
  hold(input: {
    reference: string;
    reason: string;
    account: AccountRef;
    holder: string;
    amount: bigint;
    meta?: Record<string, unknown>;
    /** See {@link EntryInput.fresh}. */
    fresh?: boolean;
  }): number {
    positive(input.amount);
    return this.post({
      reference: input.reference,
      reason: input.reason,
      meta: input.meta,
      ...(input.fresh ? { fresh: true } : {}),
      legs: [
        { account: input.account, bucket: 'available', amount: -input.amount },
        { account: input.account, bucket: 'frozen', amount: input.amount, holder: input.holder },
      ],
    });
  }

  /**
   * Frozen → available: the holder lets go of `amount` (all it holds when absent) — an order cancelled, a
   * withdrawal rejected. Refused (INSUFFICIENT_BALANCE) beyond what the holder holds.
   */
  release(input: {
    reference: string;
    reason: string;
    holder: string;
    amount?: bigint;
    /** The hold's account, when the caller knows it (checked against the hold). */
    account?: AccountRef;
    meta?: Record<string, unknown>;
  }): number {
    const hold = this.holds.get(input.holder);
    if (!hold || hold.amount === 0n) throw new LedgerError('INSUFFICIENT_BALANCE');
    const amount = input.amount ?? hold.amount;
    positive(amount);
    const account = input.account ?? this.refOf(hold.accountId);
    return this.post({
      reference: input.reference,
      reason: input.reason,
      meta: input.meta,
      legs: [
        { account, bucket: 'frozen', amount: -amount, holder: input.holder },
        { account, bucket: 'available', amount },
      ],
    });
  }

  /**
   * Pays out of a hold to one or more accounts (a withdrawal is sent, an escrow releases): the hold shrinks by the
   * sum paid. Refused (INSUFFICIENT_BALANCE) beyond what the holder holds.
   */
  settle(input: {
    reference: string;
    reason: string;
    holder: string;
    to: { account: AccountRef; amount: bigint; bucket?: Bucket; holder?: string }[];
    account?: AccountRef;
    meta?: Record<string, unknown>;
  }): number {
    const hold = this.holds.get(input.holder);
    if (!hold || hold.amount === 0n) throw new LedgerError('INSUFFICIENT_BALANCE');
    const from = input.account ?? this.refOf(hold.accountId);
    let total = 0n;
    const legs: Leg[] = [];
    for (const t of input.to) {
      positive(t.amount);
      total += t.amount;
      legs.push({ account: t.account, bucket: t.bucket ?? 'available', amount: t.amount, holder: t.holder });
    }
    return this.post({
      reference: input.reference,
      reason: input.reason,
      meta: input.meta,
      legs: [{ account: from, bucket: 'frozen', amount: -total, holder: input.holder }, ...legs],
    });
  }
}

function statementLine(line: DecodedLine, entry: EntryInfo | undefined): StatementLine {
  if (!entry) throw new Error(`statement line of entry ${line.entryId}, which does not exist`);
  return {
    entryId: line.entryId,
    reference: entry.reference,
    reason: entry.reason,
    createdAt: entry.created_at,
    available: line.available,
    frozen: line.frozen,
    availableAfter: line.availableAfter,
    frozenAfter: line.frozenAfter,
    meta: entry.meta === null ? null : (JSON.parse(entry.meta) as Record<string, unknown>),
  };
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

/** The object form of `settleHolds`' holds as a batch. */
function holdBatch(holds: readonly { holder: string; amount?: bigint; back?: bigint }[]): HoldBatch {
  const at = (k: number) => holds[k] as { holder: string; amount?: bigint; back?: bigint };
  return {
    count: holds.length,
    holder: (k) => at(k).holder,
    amount: (k) => at(k).amount,
    back: (k) => at(k).back ?? 0n,
  };
}

function sameRef(a: AccountRef, b: AccountRef): boolean {
  if (a.wallet !== b.wallet || a.asset !== b.asset || a.owner.kind !== b.owner.kind) return false;
  if ((a.sub ?? '') !== (b.sub ?? '')) return false;
  return a.owner.kind === 'user'
    ? b.owner.kind === 'user' && a.owner.uid === b.owner.uid
    : b.owner.kind === 'system' && a.owner.name === b.owner.name;
}

function positive(amount: bigint): void {
  if (amount <= 0n) throw new LedgerError('INVALID_PARAMS', { detail: 'amount must be positive' });
}
