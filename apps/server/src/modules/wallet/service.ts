import { FailureLimiter } from '../../lib/limiter';
import type { RECORD_FILTERS } from '@bourse/contract';
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_CHANGE_WITHDRAW_LOCK_HOURS,
  CONTACT_CHANGE_WITHDRAW_LOCK_HOURS,
  type AddressBookEntry,
  type Balances,
  type CoinInfo,
  type DepositAddress,
  type DepositRecord,
  type DepositStatus,
  decimalPlaces,
  type FlashRecipient,
  type FlashResult,
  formatDecimal,
  HISTORY_MONTHS,
  type Lang,
  mulDiv,
  type NetworkInfo,
  type NetworkSettingsBody,
  PASSWORD_CHANGE_WITHDRAW_LOCK_HOURS,
  parseDecimal,
  pow10,
  type RecordsQuery,
  type TransferResult,
  type ProductKey,
  type Wallet,
  WALLET_PRODUCTS,
  WALLETS,
  type WalletRecord,
  type Withdrawal,
  type WithdrawalStatus,
  type WalletSettings,
  type WithdrawInfo,
  type MempoolTx,
  type WithdrawLockReason,
  type ErrorKey,
  RISK_NEW_ACCOUNT_DAYS,
  RISK_QUICK_AFTER_DEPOSIT_HOURS,
  RISK_WINDOW_DAYS,
  type RiskHint,
  type WithdrawalRisk,
} from '@bourse/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { DomainError, fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import { maskAccount } from '../account';
import { canonicalAddress, isValidAddress } from '../chain';
import {
  type Chain,
  ChainSendError,
  type ChainSimulator,
  type ChainTransfer,
  type ChainTxStatus,
  isSimulator,
} from '../chain';
import { addressExample, DEFAULT_NETWORK_SETTINGS, type NetworkSpec, networkSpec } from '../chain';
import type { AssetRow, LedgerService, Movement } from '../ledger';
import { SYSTEM, system, user } from '../ledger';
import {
  type AddressBookRow,
  type DepositRow,
  FLOW_QUERIES,
  int,
  intOrNull,
  type NetworkRow,
  type WalletRepo,
  type WithdrawalRow,
} from './repo';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The ledger reason of a spot trade's entry (the spot desk posts it). */
const SPOT_TRADE_REASON = 'spot.trade';
/** The wallet setting: withdrawals worth more than this (USDT ledger units) need two operators' approvals. */
const DOUBLE_REVIEW_SETTING = 'doubleReviewAboveUsdt';
/** Its value until an operator sets one, in whole USDT. */
const DEFAULT_DOUBLE_REVIEW_ABOVE_USDT = 10_000n;
/** Flash-recipient look-ups a user may make per hour. */
const FLASH_LOOKUPS_PER_HOUR = 30;
/** Larger than any real balance, small enough that amount + fee stays far inside SQLite's 64-bit integers. */
const MAX_AMOUNT_UNITS = 10n ** 17n;

/** What the wallet needs to know about users; `AccountService` provides it. */
export interface WalletUser {
  uid: number;
  email: string | null;
  phone: string | null;
  nickname: string | null;
  status: 'active' | 'disabled';
  /** Sign-up time (the withdrawal review's account age). */
  created_at?: number;
}

export interface WalletAccounts {
  getUser(uid: number): WalletUser | undefined;
  findByAccount(account: string): WalletUser | undefined;
  passwordChangedAt(uid: number): number | null;
  contactChangedAt(uid: number): number | null;
  fundPasswordChangedAt(uid: number): number | null;
  hasFundPassword(uid: number): boolean;
  verifyFundPassword(uid: number, fundPassword: string): Promise<void>;
  requireSecondFactor(uid: number, code: string | undefined): void;
  profile(uid: number): { security: { twoFactor: boolean } };
}

/**
 * Prices for valuing balances: USDT per whole unit of an asset, in USDT's ledger units, or null when there is no
 * price. The spot market module provides one; until then only USDT itself is valued.
 */
export interface PriceSource {
  usdtPrice(asset: string): bigint | null;
}

/** Whether a product can be used now (the products module's answer). */
export interface ProductAvailability {
  isAvailable(product: ProductKey): boolean;
}

/** A rule another module adds to transfers between wallets (contracts: nothing leaves while a position is open). */
export type TransferGuard = (transfer: {
  uid: number;
  asset: string;
  from: Wallet;
  to: Wallet;
  amount: bigint;
}) => void;

export interface WithdrawRequest {
  asset: string;
  network: string;
  address: string;
  amount: string;
  remark?: string;
  requestId?: string;
}

export interface FlashRequest {
  to: string;
  asset: string;
  amount: string;
  remark?: string;
  requestId?: string;
}

export interface TransferRequest {
  asset: string;
  from: Wallet;
  to: Wallet;
  amount: string;
  requestId?: string;
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** Filters of the records page (`flash` covers both directions). */
export type RecordFilter = (typeof RECORD_FILTERS)[number];

/**
 * Reads one ledger movement of a user (an entry, with the lines of the user's accounts) as a funding record; `lang`
 * is the caller's language, for the title of a product's record.
 */
export type RecordReader = (movement: Movement, uid: number, lang: Lang) => WalletRecord;

/** Withdrawals are locked until `until` (ms), for this reason. */
export interface WithdrawLock {
  until: number;
  reason: WithdrawLockReason;
}

/** A lock another module knows of, or null when it has none (or it has ended). */
export type WithdrawLockSource = (uid: number) => WithdrawLock | null;
/** A user's 24-hour withdrawal limit in USDT ledger units (null: none), from another module (membership). */
export type WithdrawLimitSource = (uid: number) => bigint | null;

/** The catalogue entry a withdrawal gets while locked, by reason. */
const LOCK_ERRORS: Record<WithdrawLockReason, ErrorKey> = {
  password: 'WITHDRAW_LOCKED_PASSWORD_CHANGE',
  address: 'WITHDRAW_LOCKED_ADDRESS_CHANGE',
  twoFactor: 'WITHDRAW_LOCKED_TWO_FACTOR_OFF',
  contact: 'WITHDRAW_LOCKED_CONTACT_CHANGE',
  fundPassword: 'WITHDRAW_LOCKED_FUND_PASSWORD_CHANGE',
};

interface PreparedWithdrawal {
  asset: AssetRow;
  net: NetworkRow;
  spec: NetworkSpec;
  address: string;
  amount: bigint;
  fee: bigint;
}

/** The start of the records window: the same day-of-month `months` back, in UTC. */
export function monthsBefore(now: number, months: number): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.getTime();
}

/**
 * Money in and out of the exchange and between wallets: deposit addresses and deposits seen on the chain,
 * withdrawals with review, transfers between a user's own wallets and flash transfers between users. Every balance
 * change is a ledger posting in the same transaction as its row here; the wallet's records tell reconciliation what
 * entered (deposits credited) and what left (withdrawals sent).
 */
export class WalletService {
  private readonly guards: TransferGuard[] = [];
  /** How each ledger reason reads as a funding record, and which reasons each filter of the records page shows. */
  private readonly recordReaders = new Map<string, RecordReader>();
  private readonly recordFilters = new Map<RecordFilter, string[]>();
  private readonly lockSources: WithdrawLockSource[] = [];
  private limitSource: WithdrawLimitSource | null = null;
  private prices: PriceSource | null = null;
  private products: ProductAvailability = { isAvailable: () => true };
  private readonly recipientLookups: FailureLimiter;
  private syncing: Promise<void> = Promise.resolve();

  constructor(
    private readonly tx: Transactions,
    private readonly repo: WalletRepo,
    private readonly ledger: LedgerService,
    private readonly accounts: WalletAccounts,
    readonly chain: Chain,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    ledger.useExternalFlows(FLOW_QUERIES);
    this.describeOwnRecords();
    chain.onActivity(() => this.sync());
    this.recipientLookups = new FailureLimiter(clock, FLASH_LOOKUPS_PER_HOUR, HOUR);
  }

  // ---- wiring for other modules -------------------------------------------------------------------------------

  usePriceSource(source: PriceSource): void {
    this.prices = source;
  }

  /**
   * Which products are available (the products module): a wallet of a product that is not takes no transfers in,
   * and is left out of the balances while it holds nothing. Money already in it can always be moved out.
   */
  useProducts(products: ProductAvailability): void {
    this.products = products;
  }

  /** Whether a wallet's product is available (the spot wallet always is). */
  walletOpen(wallet: Wallet): boolean {
    const product = WALLET_PRODUCTS[wallet];
    return product === null || this.products.isAvailable(product);
  }

  addTransferGuard(guard: TransferGuard): void {
    this.guards.push(guard);
  }

  /** The simulated chain's controls, or CHAIN_NOT_SIMULATED on a real chain. */
  simulator(): ChainSimulator {
    if (!isSimulator(this.chain)) throw new DomainError('CHAIN_NOT_SIMULATED');
    return this.chain;
  }

  /** Deposits credited and withdrawals sent, per asset: reconciliation proves the ledger holds exactly the difference. */
  flows(asset: string): { deposited: bigint; withdrawn: bigint } {
    return { deposited: this.repo.creditedSum(asset), withdrawn: this.repo.succeededSum(asset) };
  }

  /** Adds the default networks a fresh install needs (existing settings are never overwritten). */
  ensureDefaultNetworks(): void {
    this.tx.run(() => {
      for (const d of DEFAULT_NETWORK_SETTINGS) {
        if (!this.ledger.hasAsset(d.asset)) continue;
        const scale = this.ledger.asset(d.asset).scale;
        this.repo.insertNetworkIfMissing({
          asset: d.asset,
          network: d.network,
          deposit_min: parseDecimal(d.depositMin, scale),
          withdraw_fee: parseDecimal(d.withdrawFee, scale),
          withdraw_min: parseDecimal(d.withdrawMin, scale),
          withdraw_max: d.withdrawMax === null ? null : parseDecimal(d.withdrawMax, scale),
          withdraw_precision: Math.min(d.withdrawPrecision, scale),
          deposit_confirmations: d.depositConfirmations,
          deposit_done_confirmations: d.depositDoneConfirmations,
          withdraw_confirmations: d.withdrawConfirmations,
          sort: d.sort,
          updated_at: this.clock.now(),
        });
      }
    });
  }

  // ---- coins, networks, balances ------------------------------------------------------------------------------

  coins(): CoinInfo[] {
    const byAsset = new Map<string, NetworkInfo[]>();
    for (const row of this.repo.networks()) {
      const info = this.networkInfo(row);
      if (!info) continue;
      byAsset.set(row.asset, [...(byAsset.get(row.asset) ?? []), info]);
    }
    return this.ledger
      .listAssets()
      .filter((a) => a.status === 'active')
      .map((a) => ({
        asset: a.code,
        name: a.name,
        scale: a.scale,
        displayPrecision: a.display_precision,
        networks: byAsset.get(a.code) ?? [],
      }));
  }

  balances(uid: number): Balances {
    const held = new Map<string, { available: bigint; frozen: bigint }>();
    const holding = new Set<string>();
    for (const b of this.ledger.userBalances(uid)) {
      held.set(`${b.wallet}:${b.asset}`, b);
      if (b.available + b.frozen > 0n) holding.add(b.wallet);
    }
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    const unpriced = new Set<string>();
    let grand = 0n;
    const wallets = WALLETS.map((wallet) => {
      let walletValue = 0n;
      const assets = this.ledger
        .listAssets()
        .filter((a) => a.status === 'active' || held.has(`${wallet}:${a.code}`))
        .map((a) => {
          const b = held.get(`${wallet}:${a.code}`) ?? { available: 0n, frozen: 0n };
          const total = b.available + b.frozen;
          const value = this.valueInUsdt(a, total, usdtScale);
          if (value === null) {
            if (total > 0n) unpriced.add(a.code);
          } else walletValue += value;
          return {
            asset: a.code,
            name: a.name,
            scale: a.scale,
            displayPrecision: a.display_precision,
            available: formatDecimal(b.available, a.scale),
            frozen: formatDecimal(b.frozen, a.scale),
            total: formatDecimal(total, a.scale),
            valueUsdt: value === null ? null : formatDecimal(value, usdtScale),
          };
        });
      grand += walletValue;
      return { wallet, valueUsdt: formatDecimal(walletValue, usdtScale), assets };
    });
    return {
      valueUsdt: formatDecimal(grand, usdtScale),
      unpriced: [...unpriced].sort(),
      // A closed product's wallet shows only while it still holds something (so it can be moved out).
      wallets: wallets.filter((w) => this.walletOpen(w.wallet) || holding.has(w.wallet)),
    };
  }

  /** Value in USDT units, rounded down; null when no price is known (never an invented one). */
  private valueInUsdt(asset: AssetRow, amount: bigint, usdtScale: number): bigint | null {
    if (asset.code === 'USDT') return (amount * pow10(usdtScale)) / pow10(asset.scale);
    const price = this.prices?.usdtPrice(asset.code) ?? null;
    if (price === null) return null;
    return mulDiv(amount, price, pow10(asset.scale), 'down');
  }

  // ---- deposits -----------------------------------------------------------------------------------------------

  depositAddress(uid: number, assetCode: string, network: string): DepositAddress {
    const { asset, net, spec } = this.route(assetCode, network);
    if (Number(net.deposit_enabled) !== 1) fail('DEPOSITS_SUSPENDED', { asset: asset.code });
    let address = this.repo.depositAddress(uid, spec.code);
    if (!address) {
      const derived = canonicalAddress(spec.addressFormat, this.chain.deriveAddress(spec.code, uid));
      this.tx.run(() => this.repo.insertDepositAddress(uid, spec.code, derived, this.clock.now()));
      address = derived;
    }
    return {
      asset: asset.code,
      network: spec.code,
      networkName: spec.name,
      address,
      depositMin: formatDecimal(net.deposit_min, asset.scale),
      depositConfirmations: int(net.deposit_confirmations),
      depositDoneConfirmations: int(net.deposit_done_confirmations),
    };
  }

  deposits(uid: number, query: { asset?: string; page: number; size: number }): Paged<DepositRecord> {
    const { rows, total } = this.repo.userDeposits(uid, query.asset ?? null, query.size, (query.page - 1) * query.size);
    return { list: rows.map((r) => this.depositView(r)), total, page: query.page, size: query.size };
  }

  private depositView(row: DepositRow): DepositRecord {
    const net = this.repo.network(row.asset, row.network);
    const scale = this.scaleOf(row.asset);
    return {
      id: int(row.id),
      asset: row.asset,
      network: row.network,
      networkName: networkSpec(row.network)?.name ?? row.network,
      address: row.address,
      txHash: row.tx_hash,
      amount: formatDecimal(row.amount, scale),
      status: row.status,
      confirmations: int(row.confirmations),
      creditConfirmations: net ? int(net.deposit_confirmations) : 1,
      doneConfirmations: net ? int(net.deposit_done_confirmations) : 1,
      createdAt: int(row.created_at),
      creditedAt: intOrNull(row.credited_at),
      doneAt: intOrNull(row.done_at),
    };
  }

  // ---- withdrawals --------------------------------------------------------------------------------------------

  withdrawInfo(uid: number, assetCode: string, network: string): WithdrawInfo {
    const { asset, net, spec } = this.route(assetCode, network);
    const available = this.available(uid, 'spot', asset.code);
    const fee = net.withdraw_fee;
    let max = available > fee ? available - fee : 0n;
    if (net.withdraw_max !== null && max > net.withdraw_max) max = net.withdraw_max;
    // Truncate to the network's precision: the max button must give an amount the network accepts.
    const step = pow10(asset.scale - Math.min(int(net.withdraw_precision), asset.scale));
    max -= max % step;
    const lock = this.withdrawLock(uid);
    return {
      asset: asset.code,
      network: spec.code,
      available: formatDecimal(available, asset.scale),
      withdrawFee: formatDecimal(fee, asset.scale),
      withdrawMin: formatDecimal(net.withdraw_min, asset.scale),
      withdrawMax: net.withdraw_max === null ? null : formatDecimal(net.withdraw_max, asset.scale),
      withdrawPrecision: int(net.withdraw_precision),
      withdrawConfirmations: int(net.withdraw_confirmations),
      maxAmount: formatDecimal(max, asset.scale),
      lockedUntil: lock?.until ?? null,
      lockReason: lock?.reason ?? null,
      fundPasswordSet: this.accounts.hasFundPassword(uid),
      twoFactor: this.accounts.profile(uid).security.twoFactor,
    };
  }

  /**
   * The 24-hour lock after a login- or fund-password change, a withdrawal-address change or another module's reason
   * (two-factor switched off), whichever ends latest; null when withdrawals are open (the security centre shows it).
   */
  withdrawLock(uid: number): WithdrawLock | null {
    const now = this.clock.now();
    const passwordAt = this.accounts.passwordChangedAt(uid);
    const addressAt = this.repo.addressBookChangedAt(uid);
    const contactAt = this.accounts.contactChangedAt(uid);
    const fundPasswordAt = this.accounts.fundPasswordChangedAt(uid);
    const locks: (WithdrawLock | null)[] = [
      passwordAt === null
        ? null
        : { until: passwordAt + PASSWORD_CHANGE_WITHDRAW_LOCK_HOURS * HOUR, reason: 'password' },
      addressAt === null ? null : { until: addressAt + ADDRESS_CHANGE_WITHDRAW_LOCK_HOURS * HOUR, reason: 'address' },
      contactAt === null ? null : { until: contactAt + CONTACT_CHANGE_WITHDRAW_LOCK_HOURS * HOUR, reason: 'contact' },
      fundPasswordAt === null
        ? null
        : { until: fundPasswordAt + PASSWORD_CHANGE_WITHDRAW_LOCK_HOURS * HOUR, reason: 'fundPassword' },
      ...this.lockSources.map((source) => source(uid)),
    ];
    let latest: WithdrawLock | null = null;
    for (const lock of locks) if (lock && lock.until > now && (!latest || lock.until > latest.until)) latest = lock;
    return latest;
  }

  /** Another module's reason to lock withdrawals for a while (security: two-factor switched off). */
  addWithdrawLock(source: WithdrawLockSource): void {
    this.lockSources.push(source);
  }

  /** Sets where a user's 24-hour withdrawal limit comes from (membership levels); without one there is none. */
  useWithdrawLimit(source: WithdrawLimitSource): void {
    this.limitSource = source;
  }

  /**
   * A user's 24-hour withdrawal limit and what counts against it, in USDT ledger units: every withdrawal submitted in
   * the last 24 hours that did not end unsent, valued at today's price (an unpriced asset counts as the whole limit).
   */
  withdrawLimit(uid: number): { limit: bigint | null; used: bigint } {
    const limit = this.limitSource?.(uid) ?? null;
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    let used = 0n;
    for (const row of this.repo.withdrawnSince(uid, this.clock.now() - 24 * HOUR)) {
      if (!this.ledger.hasAsset(row.asset)) continue;
      const value = this.valueInUsdt(this.ledger.asset(row.asset), row.amount, usdtScale);
      used += value ?? limit ?? 0n;
    }
    return { limit, used };
  }

  /**
   * Submits a withdrawal: every rule is checked before the fund password (a refused request costs no password try),
   * the password and second factor are verified, then the rules are checked again inside the transaction that
   * records the withdrawal and freezes amount + fee.
   */
  async withdraw(
    uid: number,
    input: WithdrawRequest & { fundPassword: string; twoFactorCode?: string },
    claim?: () => void,
  ): Promise<Withdrawal> {
    this.prepareWithdrawal(uid, input);
    await this.accounts.verifyFundPassword(uid, input.fundPassword);
    this.accounts.requireSecondFactor(uid, input.twoFactorCode);
    return this.submitWithdrawal(uid, input, claim);
  }

  /**
   * The transactional half of `withdraw`, for callers that verified the fund password already. `claim` records the
   * client's request id in this transaction (the route layer's idempotency: `money.claim`).
   */
  submitWithdrawal(uid: number, input: WithdrawRequest, claim?: () => void): Withdrawal {
    return this.tx.run(() => {
      const p = this.prepareWithdrawal(uid, input);
      claim?.();
      const id = this.repo.insertWithdrawal({
        uid,
        asset: p.asset.code,
        network: p.spec.code,
        address: p.address,
        amount: p.amount,
        fee: p.fee,
        remark: input.remark?.trim() || null,
        request_id: input.requestId ?? null,
        approvals_required: this.needsSecondReview(p.asset, p.amount) ? 2 : 1,
        now: this.clock.now(),
      });
      // Amount and fee are held by the withdrawal until it is sent (paid out of the hold) or ends unsent (released).
      this.ledger.hold({
        reference: `wallet:withdraw:${id}:freeze`,
        reason: 'wallet.withdraw.freeze',
        account: user(uid, 'spot', p.asset.code),
        holder: withdrawalHolder(id),
        amount: p.amount + p.fee,
        meta: { withdrawalId: id },
      });
      return this.withdrawalView(this.requireWithdrawal(id));
    });
  }

  /**
   * Names the frozen amount of every withdrawal still on its way (review, approved, broadcast) after it
   * (`withdrawal:<id>`), for a database written before the ledger had holds; a no-op where the hold exists.
   */
  adoptHolds(): number {
    const open = (['review', 'approved', 'broadcast'] as const).flatMap((status) => this.repo.withdrawalsIn(status));
    const holds = open.map((row) => ({
      account: user(int(row.uid), 'spot', row.asset),
      holder: withdrawalHolder(int(row.id)),
      amount: row.amount + row.fee,
    }));
    return holds.length === 0 ? 0 : this.ledger.adoptHolds(holds);
  }

  private prepareWithdrawal(uid: number, input: WithdrawRequest): PreparedWithdrawal {
    const { asset, net, spec } = this.route(input.asset, input.network);
    if (Number(net.withdraw_enabled) !== 1) fail('WITHDRAWALS_SUSPENDED', { asset: asset.code });
    const raw = input.address.trim();
    if (!isValidAddress(spec.addressFormat, raw)) fail('WRONG_ADDRESS');
    const address = canonicalAddress(spec.addressFormat, raw);
    if (this.repo.isOwnAddress(uid, address)) fail('WITHDRAW_OWN_ADDRESS');
    const amount = this.parseAmount(asset, input.amount, int(net.withdraw_precision));
    const fmt = (v: bigint) => formatDecimal(v, asset.scale);
    if (amount < net.withdraw_min) fail('BELOW_MIN_WITHDRAWAL', { min: fmt(net.withdraw_min), asset: asset.code });
    if (net.withdraw_max !== null && amount > net.withdraw_max) {
      fail('ABOVE_MAX_WITHDRAWAL', { max: fmt(net.withdraw_max), asset: asset.code });
    }
    const lock = this.withdrawLock(uid);
    if (lock) fail(LOCK_ERRORS[lock.reason]);
    const fee = net.withdraw_fee;
    if (this.available(uid, 'spot', asset.code) < amount + fee) fail('INSUFFICIENT_BALANCE');
    this.checkWithdrawLimit(uid, asset, amount);
    return { asset, net, spec, address, amount, fee };
  }

  private checkWithdrawLimit(uid: number, asset: AssetRow, amount: bigint): void {
    if (!this.limitSource) return;
    const { limit, used } = this.withdrawLimit(uid);
    if (limit === null) return;
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    const value = this.valueInUsdt(asset, amount, usdtScale) ?? limit + 1n;
    if (used + value > limit) {
      const left = limit > used ? limit - used : 0n;
      fail('WITHDRAW_DAILY_LIMIT', { limit: formatDecimal(limit, usdtScale), left: formatDecimal(left, usdtScale) });
    }
  }

  withdrawals(uid: number, query: { asset?: string; page: number; size: number }): Paged<Withdrawal> {
    const { rows, total } = this.repo.userWithdrawals(
      uid,
      query.asset ?? null,
      query.size,
      (query.page - 1) * query.size,
    );
    return { list: rows.map((r) => this.withdrawalView(r)), total, page: query.page, size: query.size };
  }

  /** One of the caller's withdrawals; someone else's is NOT_FOUND, exactly like a missing one. */
  withdrawal(uid: number, id: number): Withdrawal {
    const row = this.repo.withdrawal(id);
    if (!row || int(row.uid) !== uid) fail('NOT_FOUND');
    return this.withdrawalView(row);
  }

  cancelWithdrawal(uid: number, id: number): Withdrawal {
    return this.tx.run(() => {
      const row = this.repo.withdrawal(id);
      if (!row || int(row.uid) !== uid) fail('NOT_FOUND');
      if (row.status !== 'review') fail('WITHDRAWAL_NOT_CANCELLABLE');
      this.closeWithRelease(row, 'cancelled', {});
      return this.withdrawalView(this.requireWithdrawal(id));
    });
  }

  private requireWithdrawal(id: number): WithdrawalRow {
    const row = this.repo.withdrawal(id);
    if (!row) fail('NOT_FOUND');
    return row;
  }

  /** Ends a withdrawal that sends nothing (cancelled, rejected, failed): amount + fee go back to available. */
  private closeWithRelease(
    row: WithdrawalRow,
    to: 'cancelled' | 'rejected' | 'failed',
    extra: { reviewedBy?: number; rejectReason?: string; failReason?: string },
  ): void {
    const now = this.clock.now();
    const moved = this.repo.moveWithdrawal({
      id: int(row.id),
      from: row.status,
      to,
      now,
      ...(extra.reviewedBy !== undefined ? { reviewed_by: extra.reviewedBy, reviewed_at: now } : {}),
      ...(extra.rejectReason !== undefined ? { reject_reason: extra.rejectReason } : {}),
      ...(extra.failReason !== undefined ? { fail_reason: extra.failReason } : {}),
    });
    if (!moved) fail('ALREADY_HANDLED');
    this.ledger.release({
      reference: `wallet:withdraw:${row.id}:release`,
      reason: 'wallet.withdraw.release',
      holder: withdrawalHolder(int(row.id)),
      account: user(int(row.uid), 'spot', row.asset),
      amount: row.amount + row.fee,
      meta: { withdrawalId: int(row.id), outcome: to },
    });
  }

  private withdrawalView(row: WithdrawalRow): Withdrawal {
    const scale = this.scaleOf(row.asset);
    const net = this.repo.network(row.asset, row.network);
    return {
      id: int(row.id),
      asset: row.asset,
      network: row.network,
      networkName: networkSpec(row.network)?.name ?? row.network,
      address: row.address,
      amount: formatDecimal(row.amount, scale),
      fee: formatDecimal(row.fee, scale),
      total: formatDecimal(row.amount + row.fee, scale),
      remark: row.remark,
      status: row.status,
      txHash: row.tx_hash,
      confirmations: int(row.confirmations),
      requiredConfirmations: net ? int(net.withdraw_confirmations) : 1,
      rejectReason: row.reject_reason,
      failReason: row.fail_reason,
      cancellable: row.status === 'review',
      createdAt: int(row.created_at),
      updatedAt: int(row.updated_at),
    };
  }

  // ---- withdrawal address book --------------------------------------------------------------------------------

  addressBook(uid: number, asset?: string): AddressBookEntry[] {
    return this.repo.addressBook(uid, asset ?? null).map((r) => this.addressBookView(r));
  }

  async addAddress(
    uid: number,
    input: {
      asset: string;
      network: string;
      address: string;
      label: string;
      fundPassword: string;
      twoFactorCode?: string;
    },
  ): Promise<AddressBookEntry> {
    this.checkBookAddress(uid, input.asset, input.network, input.address, 0);
    if (this.repo.addressBookCount(uid) >= ADDRESS_BOOK_MAX) fail('ADDRESS_BOOK_FULL', { max: ADDRESS_BOOK_MAX });
    await this.accounts.verifyFundPassword(uid, input.fundPassword);
    this.accounts.requireSecondFactor(uid, input.twoFactorCode);
    return this.tx.run(() => {
      const { asset, spec, address } = this.checkBookAddress(uid, input.asset, input.network, input.address, 0);
      if (this.repo.addressBookCount(uid) >= ADDRESS_BOOK_MAX) fail('ADDRESS_BOOK_FULL', { max: ADDRESS_BOOK_MAX });
      const id = this.repo.insertAddressBook(uid, asset.code, spec.code, address, input.label.trim(), this.clock.now());
      return this.addressBookView(this.requireBookEntry(uid, id));
    });
  }

  async updateAddress(
    uid: number,
    input: { id: number; address: string; label: string; fundPassword: string; twoFactorCode?: string },
  ): Promise<AddressBookEntry> {
    const before = this.requireBookEntry(uid, input.id);
    this.checkBookAddress(uid, before.asset, before.network, input.address, input.id);
    await this.accounts.verifyFundPassword(uid, input.fundPassword);
    this.accounts.requireSecondFactor(uid, input.twoFactorCode);
    return this.tx.run(() => {
      const entry = this.requireBookEntry(uid, input.id);
      const { address } = this.checkBookAddress(uid, entry.asset, entry.network, input.address, input.id);
      if (!this.repo.updateAddressBook(input.id, address, input.label.trim(), this.clock.now())) fail('NOT_FOUND');
      return this.addressBookView(this.requireBookEntry(uid, input.id));
    });
  }

  deleteAddress(uid: number, id: number): void {
    this.tx.run(() => {
      if (!this.repo.deleteAddressBook(uid, id, this.clock.now())) fail('NOT_FOUND');
    });
  }

  private checkBookAddress(uid: number, assetCode: string, network: string, raw: string, exceptId: number) {
    const { asset, spec } = this.route(assetCode, network);
    if (!isValidAddress(spec.addressFormat, raw.trim())) fail('WRONG_ADDRESS');
    const address = canonicalAddress(spec.addressFormat, raw.trim());
    if (this.repo.isOwnAddress(uid, address)) fail('WITHDRAW_OWN_ADDRESS');
    if (this.repo.addressBookHas(uid, asset.code, spec.code, address, exceptId)) fail('ADDRESS_EXISTS');
    return { asset, spec, address };
  }

  private requireBookEntry(uid: number, id: number): AddressBookRow {
    const row = this.repo.addressBookEntry(id);
    if (!row || int(row.uid) !== uid || row.deleted_at !== null) fail('NOT_FOUND');
    return row;
  }

  private addressBookView(row: AddressBookRow): AddressBookEntry {
    return {
      id: int(row.id),
      asset: row.asset,
      network: row.network,
      networkName: networkSpec(row.network)?.name ?? row.network,
      address: row.address,
      label: row.label,
      createdAt: int(row.created_at),
      updatedAt: int(row.changed_at),
    };
  }

  // ---- transfers between own wallets --------------------------------------------------------------------------

  /** `claim` records the client's request id in the transfer's transaction (the route layer's idempotency). */
  transfer(uid: number, input: TransferRequest, claim?: () => void): TransferResult {
    if (input.from === input.to) fail('SAME_WALLET');
    if (!this.walletOpen(input.to)) fail('PRODUCT_CLOSED');
    const asset = this.activeAsset(input.asset);
    const amount = this.parseAmount(asset, input.amount, asset.scale);
    if (amount <= 0n) fail('TRANSFER_AMOUNT_INVALID');
    return this.tx.run(() => {
      for (const guard of this.guards) guard({ uid, asset: asset.code, from: input.from, to: input.to, amount });
      if (this.available(uid, input.from, asset.code) < amount) fail('TRANSFER_AMOUNT_INVALID');
      claim?.();
      const now = this.clock.now();
      const id = this.repo.insertTransfer(uid, asset.code, input.from, input.to, amount, input.requestId ?? null, now);
      this.ledger.transfer({
        reference: `wallet:transfer:${id}`,
        reason: 'wallet.transfer',
        from: user(uid, input.from, asset.code),
        to: user(uid, input.to, asset.code),
        amount,
        meta: { transferId: id },
      });
      return {
        id,
        asset: asset.code,
        from: input.from,
        to: input.to,
        amount: formatDecimal(amount, asset.scale),
        createdAt: now,
      };
    });
  }

  // ---- flash transfers to another user ------------------------------------------------------------------------

  /** Who a flash transfer would reach, masked, so the sender can check before confirming. */
  /**
   * Who a flash transfer to `to` would reach. Only an exact uid, email or mobile number answers, and each user may
   * look up a limited number per hour (hits and misses alike), so the look-up cannot be used to list users.
   */
  flashRecipient(uid: number, to: string): FlashRecipient {
    const key = `flash-lookup:${uid}`;
    this.recipientLookups.assertOpen(key);
    this.recipientLookups.fail(key);
    const recipient = this.resolveRecipient(to);
    if (recipient.uid === uid) fail('FLASH_TO_SELF');
    return this.recipientView(recipient);
  }

  async flash(
    uid: number,
    input: FlashRequest & { fundPassword: string; twoFactorCode?: string },
    claim?: () => void,
  ): Promise<FlashResult> {
    this.prepareFlash(uid, input);
    await this.accounts.verifyFundPassword(uid, input.fundPassword);
    this.accounts.requireSecondFactor(uid, input.twoFactorCode);
    return this.sendFlash(uid, input, claim);
  }

  /** The transactional half of `flash`, for callers that verified the fund password already. */
  sendFlash(uid: number, input: FlashRequest, claim?: () => void): FlashResult {
    return this.tx.run(() => {
      const { recipient, asset, amount } = this.prepareFlash(uid, input);
      claim?.();
      const now = this.clock.now();
      const id = this.repo.insertFlash(
        uid,
        recipient.uid,
        asset.code,
        amount,
        input.remark?.trim() || null,
        input.requestId ?? null,
        now,
      );
      this.ledger.transfer({
        reference: `wallet:flash:${id}`,
        reason: 'wallet.flash',
        from: user(uid, 'spot', asset.code),
        to: user(recipient.uid, 'spot', asset.code),
        amount,
        meta: { flashId: id },
      });
      return {
        id,
        asset: asset.code,
        amount: formatDecimal(amount, asset.scale),
        to: this.recipientView(recipient),
        createdAt: now,
      };
    });
  }

  private prepareFlash(uid: number, input: FlashRequest) {
    const recipient = this.resolveRecipient(input.to);
    if (recipient.uid === uid) fail('FLASH_TO_SELF');
    const asset = this.activeAsset(input.asset);
    const amount = this.parseAmount(asset, input.amount, asset.scale);
    if (amount <= 0n) fail('TRANSFER_AMOUNT_INVALID');
    if (this.available(uid, 'spot', asset.code) < amount) fail('INSUFFICIENT_BALANCE');
    return { recipient, asset, amount };
  }

  /** A uid (8 digits), an email address or an 11-digit mobile number; disabled accounts receive nothing. */
  private resolveRecipient(to: string): WalletUser {
    const text = to.trim();
    let found: WalletUser | undefined;
    if (/^\d{8}$/.test(text)) found = this.accounts.getUser(Number(text));
    else if (text.includes('@')) found = this.accounts.findByAccount(text.toLowerCase());
    else if (/^\d{11}$/.test(text)) found = this.accounts.findByAccount(text);
    if (!found || found.status !== 'active') fail('USER_NOT_FOUND');
    return found;
  }

  private recipientView(u: WalletUser): FlashRecipient {
    const account = u.email ?? u.phone;
    return { uid: u.uid, account: account ? maskAccount(account) : '', nickname: u.nickname };
  }

  // ---- funding records ----------------------------------------------------------------------------------------

  /**
   * Funding records of the last three months, newest first: built from the ledger's statements of the user's
   * accounts (every wallet, present and future), one record per journal entry whose reason has a reader — the
   * wallet's own (deposits, withdrawals, transfers, flash transfers) and any another module registered with
   * `describeRecords`.
   */
  records(uid: number, query: RecordsQuery, lang: Lang = 'en'): Paged<WalletRecord> {
    const reasons = query.type ? (this.recordFilters.get(query.type) ?? []) : [...this.recordReaders.keys()];
    const { total, list } = this.ledger.movements(
      uid,
      { reasons, since: monthsBefore(this.clock.now(), HISTORY_MONTHS), asset: query.asset ?? null },
      { offset: (query.page - 1) * query.size, limit: query.size },
    );
    const records: WalletRecord[] = [];
    for (const movement of list) {
      const reader = this.recordReaders.get(movement.reason);
      if (reader) records.push(reader(movement, uid, lang));
    }
    return { list: records, total, page: query.page, size: query.size };
  }

  /**
   * How ledger movements of some reasons read as funding records (another module's: a product's payouts, fees…).
   * `filter` puts them under one of the records page's filters; without it they show under "all" only.
   */
  describeRecords(spec: { reasons: readonly string[]; filter?: RecordFilter; read: RecordReader }): void {
    for (const reason of spec.reasons) this.recordReaders.set(reason, spec.read);
    if (spec.filter)
      this.recordFilters.set(spec.filter, [...(this.recordFilters.get(spec.filter) ?? []), ...spec.reasons]);
  }

  /** The wallet's own movements as records; each reads its business row (status, network, fee, counterparty). */
  private describeOwnRecords(): void {
    this.describeRecords({
      reasons: ['wallet.deposit'],
      filter: 'deposit',
      read: (m) => {
        const line = mainLine(m);
        const row = this.repo.deposit(metaId(m, 'depositId'));
        return this.record(m, line, {
          type: 'deposit',
          id: row ? int(row.id) : m.entryId,
          direction: 'in',
          amount: line.available,
          status: row?.status ?? 'done',
          network: row?.network ?? null,
          txHash: row?.tx_hash ?? null,
        });
      },
    });
    this.describeRecords({
      reasons: ['wallet.withdraw.freeze'],
      filter: 'withdraw',
      read: (m) => {
        const line = mainLine(m);
        const row = this.repo.withdrawal(metaId(m, 'withdrawalId'));
        // What arrives at the address and the fee charged on top: the record says both (the hold was their sum).
        return this.record(m, line, {
          type: 'withdraw',
          id: row ? int(row.id) : m.entryId,
          direction: 'out',
          amount: row?.amount ?? -line.available,
          fee: row?.fee ?? 0n,
          status: row?.status ?? 'review',
          network: row?.network ?? null,
          txHash: row?.tx_hash ?? null,
        });
      },
    });
    this.describeRecords({
      reasons: ['wallet.transfer'],
      filter: 'transfer',
      read: (m) => {
        const from = m.lines.find((l) => l.available < 0n);
        const to = m.lines.find((l) => l.available > 0n);
        const line = to ?? mainLine(m);
        const row = this.repo.transfer(metaId(m, 'transferId'));
        return this.record(m, line, {
          type: 'transfer',
          id: row ? int(row.id) : m.entryId,
          direction: 'internal',
          amount: row?.amount ?? (line.available < 0n ? -line.available : line.available),
          status: 'done',
          fromWallet: row?.from_wallet ?? from?.wallet ?? null,
          toWallet: row?.to_wallet ?? to?.wallet ?? null,
        });
      },
    });
    this.describeRecords({
      reasons: ['wallet.flash'],
      filter: 'flash',
      read: (m, uid) => {
        const line = mainLine(m);
        const row = this.repo.flash(metaId(m, 'flashId'));
        const sent = line.available < 0n;
        const other = row ? int(sent ? row.to_uid : row.from_uid) : null;
        const counterparty = other === null ? undefined : this.accounts.getUser(other);
        return this.record(m, line, {
          type: sent ? 'flash_out' : 'flash_in',
          id: row ? int(row.id) : m.entryId,
          direction: sent ? 'out' : 'in',
          amount: sent ? -line.available : line.available,
          status: 'done',
          counterparty: counterparty && counterparty.uid !== uid ? this.recipientView(counterparty) : null,
        });
      },
    });
  }

  private record(
    m: Movement,
    line: Movement['lines'][number],
    r: {
      type: WalletRecord['type'];
      id: number;
      direction: WalletRecord['direction'];
      amount: bigint;
      fee?: bigint;
      status: string;
      network?: string | null;
      txHash?: string | null;
      fromWallet?: Wallet | null;
      toWallet?: Wallet | null;
      counterparty?: FlashRecipient | null;
    },
  ): WalletRecord {
    const scale = this.scaleOf(line.asset);
    return {
      key: `${r.type}:${r.id}`,
      type: r.type,
      id: r.id,
      asset: line.asset,
      amount: formatDecimal(r.amount, scale),
      fee: formatDecimal(r.fee ?? 0n, scale),
      direction: r.direction,
      status: r.status,
      network: r.network ?? null,
      txHash: r.txHash ?? null,
      fromWallet: r.fromWallet ?? null,
      toWallet: r.toWallet ?? null,
      counterparty: r.counterparty ?? null,
      product: null,
      title: null,
      createdAt: m.createdAt,
    };
  }

  // ---- the chain ----------------------------------------------------------------------------------------------

  /**
   * Reads the chain and moves deposits and withdrawals along: new transfers to users' addresses become deposits,
   * confirmations credit and finish them, approved withdrawals are broadcast, broadcast ones succeed or fail. Runs
   * after every block; calls are serialised, and each step is its own transaction, so a step that fails is retried
   * at the next block without undoing the others.
   */
  sync(): Promise<void> {
    const run = this.syncing.then(() => this.syncOnce());
    this.syncing = run.catch((error: unknown) => this.log.error({ err: error }, 'wallet chain sync failed'));
    return run;
  }

  private async syncOnce(): Promise<void> {
    for (const network of this.repo.networkCodes()) {
      const cursor = this.repo.cursor(network);
      const { transfers, cursor: next } = await this.chain.scan(network, cursor);
      if (transfers.length === 0 && next === cursor) continue;
      this.tx.run(() => {
        for (const transfer of transfers) this.observeTransfer(transfer);
        this.repo.setCursor(network, next, this.clock.now());
      });
    }

    const open = groupByNetwork(this.repo.openDeposits());
    for (const [network, rows] of open) {
      const statuses = await this.chain.status(network, [...new Set(rows.map((r) => r.tx_hash))]);
      for (const row of rows) this.step(() => this.advanceDeposit(int(row.id), statuses.get(row.tx_hash)));
    }

    for (const row of this.repo.withdrawalsIn('approved')) await this.broadcast(row);

    const sent = groupByNetwork(this.repo.withdrawalsIn('broadcast'));
    for (const [network, rows] of sent) {
      const hashes = rows.flatMap((r) => (r.tx_hash ? [r.tx_hash] : []));
      const statuses = await this.chain.status(network, hashes);
      for (const row of rows) {
        const status = row.tx_hash ? statuses.get(row.tx_hash) : undefined;
        this.step(() => this.advanceWithdrawal(int(row.id), status));
      }
    }
  }

  private step(fn: () => void): void {
    try {
      this.tx.run(fn);
    } catch (error) {
      this.log.error({ err: error }, 'wallet chain step failed; retried at the next block');
    }
  }

  private observeTransfer(t: ChainTransfer): void {
    const spec = networkSpec(t.network);
    if (!spec) return;
    const address = canonicalAddress(spec.addressFormat, t.to);
    const uid = this.repo.addressOwner(t.network, address);
    if (uid === undefined) return;
    const net = this.repo.network(t.asset, t.network);
    if (!net) {
      this.log.warn({ network: t.network, asset: t.asset, txHash: t.txHash }, 'deposit of an unsupported coin ignored');
      return;
    }
    const status: DepositStatus = t.failed ? 'failed' : t.amount < net.deposit_min ? 'below_min' : 'pending';
    this.repo.insertDeposit({
      uid,
      asset: t.asset,
      network: t.network,
      address,
      tx_hash: t.txHash,
      output_index: t.index,
      amount: t.amount,
      confirmations: t.confirmations,
      status,
      created_at: this.clock.now(),
    });
  }

  /** pending → credited at the credit count (the ledger credit, once) → done at the done count; or failed. */
  private advanceDeposit(id: number, chainStatus: ChainTxStatus | undefined): void {
    const row = this.repo.deposit(id);
    if (!row || (row.status !== 'pending' && row.status !== 'credited') || !chainStatus) return;
    const net = this.repo.network(row.asset, row.network);
    if (!net) return;
    const now = this.clock.now();
    let status: DepositStatus = row.status;
    let creditedAt = intOrNull(row.credited_at);
    let doneAt = intOrNull(row.done_at);
    const confirmations = Math.max(int(row.confirmations), chainStatus.confirmations);
    if (status === 'pending' && chainStatus.failed) status = 'failed';
    if (status === 'pending' && confirmations >= int(net.deposit_confirmations) && Number(net.deposit_enabled) === 1) {
      this.ledger.transfer({
        reference: `wallet:deposit:${row.network}:${row.tx_hash}:${row.output_index}`,
        reason: 'wallet.deposit',
        from: system(SYSTEM.hotWallet, row.asset),
        to: user(int(row.uid), 'spot', row.asset),
        amount: row.amount,
        meta: { depositId: id, txHash: row.tx_hash },
      });
      status = 'credited';
      creditedAt = now;
    }
    if (status === 'credited' && confirmations >= int(net.deposit_done_confirmations)) {
      status = 'done';
      doneAt = now;
    }
    if (status === row.status && confirmations === int(row.confirmations)) return;
    this.repo.setDepositProgress({ id, confirmations, status, credited_at: creditedAt, done_at: doneAt });
  }

  private async broadcast(row: WithdrawalRow): Promise<void> {
    let txHash: string;
    try {
      ({ txHash } = await this.chain.send({
        network: row.network,
        asset: row.asset,
        to: row.address,
        amount: row.amount,
        reference: `wallet:withdraw:${row.id}`,
      }));
    } catch (error) {
      if (error instanceof ChainSendError) {
        const reason = error.message;
        this.step(() => {
          const current = this.requireWithdrawal(int(row.id));
          if (current.status === 'approved') this.closeWithRelease(current, 'failed', { failReason: reason });
        });
      } else {
        this.log.error({ err: error, withdrawalId: int(row.id) }, 'withdrawal send failed; retried at the next block');
      }
      return;
    }
    this.step(() => {
      this.repo.moveWithdrawal({
        id: int(row.id),
        from: 'approved',
        to: 'broadcast',
        now: this.clock.now(),
        tx_hash: txHash,
      });
    });
  }

  /** broadcast → succeeded at the withdrawal confirmation count (amount to the chain, fee to fees), or failed. */
  private advanceWithdrawal(id: number, chainStatus: ChainTxStatus | undefined): void {
    const row = this.repo.withdrawal(id);
    if (!row || row.status !== 'broadcast' || !chainStatus) return;
    if (chainStatus.failed) {
      this.closeWithRelease(row, 'failed', { failReason: 'the transaction was dropped by the network' });
      return;
    }
    const net = this.repo.network(row.asset, row.network);
    const required = net ? int(net.withdraw_confirmations) : 1;
    const confirmations = Math.max(int(row.confirmations), chainStatus.confirmations);
    const now = this.clock.now();
    if (confirmations < required) {
      if (confirmations !== int(row.confirmations)) {
        this.repo.moveWithdrawal({ id, from: 'broadcast', to: 'broadcast', now, confirmations });
      }
      return;
    }
    this.repo.moveWithdrawal({ id, from: 'broadcast', to: 'succeeded', now, confirmations });
    const to = [{ account: system(SYSTEM.hotWallet, row.asset), amount: row.amount }];
    if (row.fee > 0n) to.push({ account: system(SYSTEM.fees, row.asset), amount: row.fee });
    this.ledger.settle({
      reference: `wallet:withdraw:${id}:send`,
      reason: 'wallet.withdraw.send',
      holder: withdrawalHolder(id),
      account: user(int(row.uid), 'spot', row.asset),
      to,
      meta: { withdrawalId: id, txHash: row.tx_hash },
    });
  }

  // ---- operator -----------------------------------------------------------------------------------------------

  adminWithdrawals(query: {
    status?: WithdrawalStatus;
    uid?: number;
    order?: 'newest' | 'oldest';
    page: number;
    size: number;
  }) {
    const { rows, total } = this.repo.adminWithdrawals(
      query.status ?? null,
      query.uid ?? null,
      query.size,
      (query.page - 1) * query.size,
      query.order,
    );
    return { list: rows.map((r) => this.adminWithdrawalView(r)), total, page: query.page, size: query.size };
  }

  /** One withdrawal as operators see it (NOT_FOUND when there is none). */
  adminWithdrawal(id: number) {
    return this.adminWithdrawalView(this.requireWithdrawal(id));
  }

  /**
   * The evidence for reviewing a withdrawal, computed now: the account's age, its deposits and spot trades in the
   * window before the withdrawal, the address's history (this user's and others'), and the hints they add up to.
   */
  withdrawalRisk(id: number): WithdrawalRisk {
    const row = this.requireWithdrawal(id);
    const uid = int(row.uid);
    const asked = int(row.created_at);
    const createdAt = this.accounts.getUser(uid)?.created_at ?? asked;
    const since = asked - RISK_WINDOW_DAYS * DAY;
    const recent = this.repo.depositsSince(uid, since).map((d) => ({
      asset: d.asset,
      count: int(d.n),
      amount: formatDecimal(BigInt(d.total), this.scaleOf(d.asset)),
    }));
    const ever = this.repo.depositCount(uid);
    const lastAt = this.repo.lastDepositAt(uid);
    const spotTrades = this.ledger.movements(
      uid,
      { reasons: [SPOT_TRADE_REASON], since },
      { offset: 0, limit: 0 },
    ).total;
    const history = this.repo.addressHistory(uid, row.address, id);
    const asset = this.ledger.asset(row.asset);
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    const value = this.valueInUsdt(asset, BigInt(row.amount), usdtScale);
    const ageDays = Math.max(0, Math.floor((asked - createdAt) / DAY));
    const hints: RiskHint[] = [];
    if (ageDays < RISK_NEW_ACCOUNT_DAYS) hints.push('newAccount');
    if (history.own.n === 0) hints.push('newAddress');
    if (history.otherUsers > 0) hints.push('sharedAddress');
    if (recent.length > 0 && spotTrades === 0) hints.push('depositNoTrade');
    if (lastAt !== null && lastAt <= asked && asked - lastAt < RISK_QUICK_AFTER_DEPOSIT_HOURS * HOUR)
      hints.push('quickAfterDeposit');
    if (ever === 0) hints.push('noDeposits');
    if (value === null) hints.push('unpriced');
    return {
      withdrawalId: id,
      uid,
      accountCreatedAt: createdAt,
      accountAgeDays: ageDays,
      valueUsdt: value === null ? null : formatDecimal(value, usdtScale),
      windowDays: RISK_WINDOW_DAYS,
      deposits: { ever, lastAt, recent },
      spotTrades,
      address: { ownWithdrawals: history.own.n, ownFirstAt: history.own.first, otherUsers: history.otherUsers },
      hints,
    };
  }

  private adminWithdrawalView(r: WithdrawalRow) {
    return {
      ...this.withdrawalView(r),
      uid: int(r.uid),
      reviewedBy: intOrNull(r.reviewed_by),
      reviewedAt: intOrNull(r.reviewed_at),
      approvalsRequired: int(r.approvals_required),
      firstReviewedBy: intOrNull(r.first_reviewed_by),
      firstReviewedAt: intOrNull(r.first_reviewed_at),
    };
  }

  /** Deposits and withdrawals of every user since a time: how many, and their value in USDT now (the dashboard). */
  flowsSince(
    since: number,
  ): Record<'deposits' | 'withdrawals', { count: number; valueUsdt: string; unpriced: string[] }> {
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    const sum = (rows: readonly { asset: string; n: bigint; total: bigint }[]) => {
      let count = 0;
      let value = 0n;
      const unpriced: string[] = [];
      for (const row of rows) {
        count += int(row.n);
        const priced = this.ledger.hasAsset(row.asset)
          ? this.valueInUsdt(this.ledger.asset(row.asset), BigInt(row.total), usdtScale)
          : null;
        if (priced === null) unpriced.push(row.asset);
        else value += priced;
      }
      return { count, valueUsdt: formatDecimal(value, usdtScale), unpriced };
    };
    const flows = this.repo.flowsFrom(since);
    return { deposits: sum(flows.deposits), withdrawals: sum(flows.withdrawals) };
  }

  /**
   * Amounts of several assets valued together in USDT at today's prices (the dashboard's volumes and fees): the
   * total as a decimal string, and the assets that have no price (left out of it).
   */
  valueAllInUsdt(amounts: readonly { asset: string; amount: bigint }[]): { valueUsdt: string; unpriced: string[] } {
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    let value = 0n;
    const unpriced: string[] = [];
    for (const { asset, amount } of amounts) {
      const priced = this.ledger.hasAsset(asset) ? this.valueInUsdt(this.ledger.asset(asset), amount, usdtScale) : null;
      if (priced === null) unpriced.push(asset);
      else value += priced;
    }
    return { valueUsdt: formatDecimal(value, usdtScale), unpriced };
  }

  /** The wallet's operator settings. */
  settings(): WalletSettings {
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    return { doubleReviewAboveUsdt: formatDecimal(this.doubleReviewAbove(), usdtScale) };
  }

  /** Changes the wallet's operator settings, inside the operator action's transaction. */
  updateSettings(operatorId: number, input: WalletSettings): WalletSettings {
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    let threshold: bigint;
    try {
      threshold = parseDecimal(input.doubleReviewAboveUsdt, usdtScale);
    } catch {
      fail('INVALID_PARAMS');
    }
    this.tx.run(() => this.repo.putSetting(DOUBLE_REVIEW_SETTING, threshold.toString(), operatorId, this.clock.now()));
    return this.settings();
  }

  /** Above this value (USDT ledger units) a withdrawal needs two operators' approvals. */
  private doubleReviewAbove(): bigint {
    const stored = this.repo.setting(DOUBLE_REVIEW_SETTING);
    if (stored !== null) return BigInt(stored);
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    return DEFAULT_DOUBLE_REVIEW_ABOVE_USDT * pow10(usdtScale);
  }

  /** Whether a withdrawal of this amount needs a second operator: worth more than the threshold, or unpriced. */
  private needsSecondReview(asset: AssetRow, amount: bigint): boolean {
    const usdtScale = this.ledger.hasAsset('USDT') ? this.ledger.asset('USDT').scale : 8;
    const value = this.valueInUsdt(asset, amount, usdtScale);
    return value === null || value > this.doubleReviewAbove();
  }

  /** Deposits of every user, newest first (operators). */
  adminDeposits(query: { status?: DepositRecord['status']; uid?: number; page: number; size: number }) {
    const { rows, total } = this.repo.adminDeposits(
      query.status ?? null,
      query.uid ?? null,
      query.size,
      (query.page - 1) * query.size,
    );
    return {
      list: rows.map((r) => ({ ...this.depositView(r), uid: int(r.uid) })),
      total,
      page: query.page,
      size: query.size,
    };
  }

  /** The simulated chain's transactions waiting for a block (NOT_FOUND on a real chain). */
  mempool(): MempoolTx[] {
    return this.simulator()
      .mempool(200)
      .map((t) => ({
        txHash: t.txHash,
        network: t.network,
        asset: t.asset,
        from: t.from,
        to: t.to,
        amount: formatDecimal(t.amount, this.scaleOf(t.asset)),
        kind: t.withdrawal ? 'withdrawal' : 'deposit',
        createdAt: t.createdAt,
      }));
  }

  /**
   * Approves a withdrawal under review, inside the operator action's transaction; `sync` (after the commit)
   * broadcasts it.
   */
  approveWithdrawal(operatorId: number, id: number): void {
    this.tx.run(() => {
      const row = this.requireWithdrawal(id);
      if (row.status !== 'review') fail('ALREADY_HANDLED');
      const now = this.clock.now();
      if (Number(row.approvals_required) === 2) {
        // Maker-checker: the first approval is recorded; a different operator's approval sends it.
        if (row.first_reviewed_by === null) {
          if (!this.repo.firstReview(id, operatorId, now)) fail('ALREADY_HANDLED');
          return;
        }
        if (Number(row.first_reviewed_by) === operatorId) fail('SAME_OPERATOR_APPROVAL');
      }
      this.repo.moveWithdrawal({ id, from: 'review', to: 'approved', now, reviewed_by: operatorId, reviewed_at: now });
    });
  }

  /** Any withdrawal by id, for operators. */
  withdrawalById(id: number): Withdrawal {
    return this.withdrawalView(this.requireWithdrawal(id));
  }

  rejectWithdrawal(operatorId: number, id: number, reason: string): Withdrawal {
    return this.tx.run(() => {
      const row = this.requireWithdrawal(id);
      if (row.status !== 'review') fail('ALREADY_HANDLED');
      this.closeWithRelease(row, 'rejected', { reviewedBy: operatorId, rejectReason: reason });
      return this.withdrawalView(this.requireWithdrawal(id));
    });
  }

  /**
   * Simulated chain: a transfer from outside to any address, put in the mempool; `notifyChain` (after the commit)
   * lets the chain see it, and a user's address then shows it as a deposit.
   */
  sendTestDeposit(input: { asset: string; network: string; address: string; amount: string }): {
    txHash: string;
    uid: number | null;
  } {
    const sim = this.simulator();
    const { asset, spec } = this.route(input.asset, input.network);
    const amount = this.parseAmount(asset, input.amount, asset.scale);
    if (amount <= 0n) fail('AMOUNT_INVALID');
    const raw = input.address.trim();
    if (!isValidAddress(spec.addressFormat, raw)) fail('WRONG_ADDRESS');
    const address = canonicalAddress(spec.addressFormat, raw);
    const txHash = this.tx.run(() => sim.injectDeposit({ network: spec.code, asset: asset.code, to: address, amount }));
    return { txHash, uid: this.repo.addressOwner(spec.code, address) ?? null };
  }

  /** Lets the simulated chain announce what was put in its mempool. */
  async notifyChain(): Promise<void> {
    await this.simulator().notify();
  }

  /** Simulated chain: mines blocks now (deposits and withdrawals move along with them). */
  async mine(blocks: number): Promise<number> {
    const sim = this.simulator();
    await sim.mine(blocks);
    return sim.height();
  }

  /** Simulated chain: drops a transaction from the mempool (a withdrawal then fails at the next `sync`). */
  failChainTransaction(txHash: string): void {
    const sim = this.simulator();
    this.tx.run(() => sim.failTransaction(txHash));
  }

  chainState(): { simulated: boolean; height: number; blockMs: number } {
    if (!isSimulator(this.chain)) return { simulated: false, height: 0, blockMs: 0 };
    return { simulated: true, height: this.chain.height(), blockMs: this.chain.blockMs };
  }

  updateNetwork(input: NetworkSettingsBody): NetworkInfo {
    return this.tx.run(() => {
      const { asset, net, spec } = this.route(input.asset, input.network);
      const parse = (v: string | undefined, current: bigint) =>
        v === undefined ? current : this.parseAmount(asset, v, asset.scale);
      const update = {
        deposit_enabled: input.depositEnabled === undefined ? int(net.deposit_enabled) : input.depositEnabled ? 1 : 0,
        withdraw_enabled:
          input.withdrawEnabled === undefined ? int(net.withdraw_enabled) : input.withdrawEnabled ? 1 : 0,
        deposit_min: parse(input.depositMin, net.deposit_min),
        withdraw_fee: parse(input.withdrawFee, net.withdraw_fee),
        withdraw_min: parse(input.withdrawMin, net.withdraw_min),
        withdraw_max:
          input.withdrawMax === undefined
            ? net.withdraw_max
            : input.withdrawMax === null
              ? null
              : this.parseAmount(asset, input.withdrawMax, asset.scale),
        withdraw_precision: Math.min(input.withdrawPrecision ?? int(net.withdraw_precision), asset.scale),
        deposit_confirmations: input.depositConfirmations ?? int(net.deposit_confirmations),
        deposit_done_confirmations: input.depositDoneConfirmations ?? int(net.deposit_done_confirmations),
        withdraw_confirmations: input.withdrawConfirmations ?? int(net.withdraw_confirmations),
      };
      if (update.deposit_min <= 0n || update.withdraw_min <= 0n) fail('AMOUNT_INVALID');
      if (update.withdraw_max !== null && update.withdraw_max < update.withdraw_min) fail('AMOUNT_INVALID');
      if (update.deposit_done_confirmations < update.deposit_confirmations) {
        fail('INVALID_PARAMS', { detail: 'depositDoneConfirmations < depositConfirmations' });
      }
      this.repo.updateNetwork(asset.code, spec.code, update, this.clock.now());
      const info = this.networkInfo(this.repo.network(asset.code, spec.code));
      if (!info) fail('NOT_FOUND');
      return info;
    });
  }

  // ---- helpers ------------------------------------------------------------------------------------------------

  /** A read that never creates the account (the ledger's `balance` does), so a refused request leaves no trace. */
  private available(uid: number, wallet: Wallet, asset: string): bigint {
    return this.ledger.userBalances(uid).find((b) => b.wallet === wallet && b.asset === asset)?.available ?? 0n;
  }

  /** A decimal amount of an asset in ledger units (configuration, demo data). */
  units(asset: string, amount: string): bigint {
    return parseDecimal(amount, this.ledger.asset(asset).scale);
  }

  private activeAsset(code: string): AssetRow {
    const asset = this.ledger.asset(code);
    if (asset.status !== 'active') fail('ASSET_NOT_FOUND');
    return asset;
  }

  private scaleOf(asset: string): number {
    return this.ledger.hasAsset(asset) ? this.ledger.asset(asset).scale : 8;
  }

  /** The asset, its settings on that network and the network itself, or the catalogue error for what is missing. */
  private route(assetCode: string, network: string): { asset: AssetRow; net: NetworkRow; spec: NetworkSpec } {
    const asset = this.activeAsset(assetCode);
    const spec = networkSpec(network);
    const net = spec ? this.repo.network(asset.code, spec.code) : undefined;
    if (!spec || !net) fail('NETWORK_NOT_SUPPORTED', { asset: asset.code });
    return { asset, net, spec };
  }

  /** A user-typed amount in ledger units: well formed, at most `decimals` places, not absurdly large. */
  private parseAmount(asset: AssetRow, text: string, decimals: number): bigint {
    let places: number;
    let value: bigint;
    try {
      places = decimalPlaces(text);
      if (places > asset.scale) fail('AMOUNT_PRECISION', { decimals: Math.min(decimals, asset.scale) });
      value = parseDecimal(text, asset.scale);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      fail('AMOUNT_INVALID');
    }
    if (places > decimals) fail('AMOUNT_PRECISION', { decimals });
    if (value > MAX_AMOUNT_UNITS) fail('AMOUNT_INVALID');
    return value;
  }

  private networkInfo(row: NetworkRow | undefined): NetworkInfo | null {
    if (!row) return null;
    const spec = networkSpec(row.network);
    if (!spec || !this.ledger.hasAsset(row.asset)) return null;
    const scale = this.ledger.asset(row.asset).scale;
    return {
      network: spec.code,
      name: spec.name,
      addressFormat: spec.addressFormat,
      addressExample: addressExample(spec.addressFormat),
      depositEnabled: Number(row.deposit_enabled) === 1,
      withdrawEnabled: Number(row.withdraw_enabled) === 1,
      depositMin: formatDecimal(row.deposit_min, scale),
      depositConfirmations: int(row.deposit_confirmations),
      depositDoneConfirmations: int(row.deposit_done_confirmations),
      withdrawConfirmations: int(row.withdraw_confirmations),
      withdrawFee: formatDecimal(row.withdraw_fee, scale),
      withdrawMin: formatDecimal(row.withdraw_min, scale),
      withdrawMax: row.withdraw_max === null ? null : formatDecimal(row.withdraw_max, scale),
      withdrawPrecision: int(row.withdraw_precision),
    };
  }
}

/** The ledger hold of a withdrawal: amount + fee, from submit until it is sent or ends unsent. */
export function withdrawalHolder(id: number): string {
  return `withdrawal:${id}`;
}

/** The id a wallet entry names in its meta (0 when it names none: no such row). */
function metaId(m: Movement, key: string): number {
  const value = m.meta?.[key];
  return typeof value === 'number' ? value : 0;
}

/** The line of the movement on the user's main pot (the one a funding record is about). */
function mainLine(m: Movement): Movement['lines'][number] {
  const line = m.lines.find((l) => l.sub === '') ?? m.lines[0];
  if (!line) throw new Error(`movement ${m.entryId} has no line`);
  return line;
}

function groupByNetwork<R extends { network: string }>(rows: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const row of rows) out.set(row.network, [...(out.get(row.network) ?? []), row]);
  return out;
}
