import {
  type AdminWealthPosition,
  type AdminWealthProduct,
  decimalPlaces,
  formatDecimal,
  type Lang,
  parseDecimal,
  type WalletRecord,
  type WealthPosition,
  type WealthProduct,
  type WealthProductValues,
  type WealthProductUpdate,
  type WealthRedemption,
  type WealthReturn,
  type WealthSummary,
  type WealthTotals,
} from '@bourse/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { DomainError, fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import { type LedgerService, type Movement, SYSTEM, system, user } from '../ledger';
import type { WalletService } from '../wallet';
import {
  accrualStart,
  DAY_MS,
  dailyReturn,
  earlyRedemption,
  formatApr,
  maturityOf,
  parseApr,
  termReturn,
} from './accrual';
import type { PositionRow, ProductRow, RedemptionRow, ReturnRow, WealthRepo } from './repo';
import { productName, type WealthText, wealthText } from './texts';

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export interface WealthDeps {
  tx: Transactions;
  repo: WealthRepo;
  ledger: LedgerService;
  wallet: WalletService;
  clock: Clock;
  log: Logger;
}

/** Ledger reasons of this module (the wallet's funding records read them). */
export const WEALTH_REASONS = {
  subscribe: 'wealth.subscribe',
  interest: 'wealth.interest',
  redeem: 'wealth.redeem',
} as const;

/** The hold that locks a position's principal in the user's spot wallet. */
export function positionHolder(positionId: number): string {
  return `wealth:${positionId}`;
}

const MAX_UNITS = 10n ** 18n;
const n = Number;

/**
 * Wealth products: subscriptions lock the principal in the user's spot wallet (a named hold), each accrual day pays
 * `principal × APR / 365` from `interest_expense` once (the scheduler's `wealth.accrue`, or a redemption that reaches
 * a day the job has not yet run), fixed terms release the principal at maturity, early redemptions give back the
 * principal minus the rewards paid. Rules and figures: README.md.
 */
export class WealthService {
  constructor(private readonly deps: WealthDeps) {
    this.describeRecords();
  }

  // ---- products -----------------------------------------------------------------------------------------------

  products(): WealthProduct[] {
    const now = this.deps.clock.now();
    return this.deps.repo.products().map((row) => this.productView(row, now));
  }

  adminProducts(): AdminWealthProduct[] {
    const now = this.deps.clock.now();
    const figures = this.deps.repo.figures();
    return this.deps.repo.products().map((row) => this.adminProductView(row, now, figures.get(n(row.id))));
  }

  adminProduct(id: number): AdminWealthProduct {
    const row = this.productRow(id);
    return this.adminProductView(row, this.deps.clock.now(), this.deps.repo.figures().get(id));
  }

  createProduct(input: WealthProductValues): AdminWealthProduct {
    const { ledger, repo, clock } = this.deps;
    if (!ledger.hasAsset(input.asset) || ledger.asset(input.asset).status !== 'active') fail('ASSET_NOT_FOUND');
    const kind = input.kind;
    if ((kind === 'fixed') !== (input.termDays !== null)) {
      fail('INVALID_PARAMS', { detail: 'a fixed product needs a term in days, a flexible one none' });
    }
    const now = clock.now();
    const id = repo.insertProduct({
      asset: input.asset,
      kind,
      term_days: input.termDays === null ? null : BigInt(input.termDays),
      apr_ppm: aprOf(input.apr),
      min_amount: this.positiveAmount(input.asset, input.minAmount, 'minAmount'),
      max_per_user: this.optionalAmount(input.asset, input.maxPerUser, 'maxPerUser'),
      quota: this.optionalAmount(input.asset, input.quota, 'quota'),
      interest_budget: this.optionalAmount(input.asset, input.interestBudget, 'interestBudget', true),
      status: input.status,
      sort: BigInt(input.sort),
      created_at: BigInt(now),
      updated_at: BigInt(now),
    });
    return this.adminProduct(id);
  }

  updateProduct(id: number, patch: WealthProductUpdate): AdminWealthProduct {
    const row = this.productRow(id);
    const asset = row.asset;
    const next = {
      id: row.id,
      apr_ppm: patch.apr === undefined ? row.apr_ppm : aprOf(patch.apr),
      min_amount:
        patch.minAmount === undefined ? row.min_amount : this.positiveAmount(asset, patch.minAmount, 'minAmount'),
      max_per_user:
        patch.maxPerUser === undefined ? row.max_per_user : this.optionalAmount(asset, patch.maxPerUser, 'maxPerUser'),
      quota: patch.quota === undefined ? row.quota : this.optionalAmount(asset, patch.quota, 'quota'),
      interest_budget:
        patch.interestBudget === undefined
          ? row.interest_budget
          : this.optionalAmount(asset, patch.interestBudget, 'interestBudget', true),
      status: patch.status ?? row.status,
      sort: patch.sort === undefined ? row.sort : BigInt(patch.sort),
      updated_at: BigInt(this.deps.clock.now()),
    };
    this.deps.repo.updateProduct(next);
    return this.adminProduct(id);
  }

  // ---- the user's side ----------------------------------------------------------------------------------------

  summary(uid: number): WealthSummary {
    const { held, earned, lastDay, open } = this.deps.repo.userSummary(uid);
    const assets = new Map<string, { principal: bigint; earned: bigint; lastDay: bigint }>();
    const entry = (asset: string) => {
      let e = assets.get(asset);
      if (!e) assets.set(asset, (e = { principal: 0n, earned: 0n, lastDay: 0n }));
      return e;
    };
    for (const r of held) entry(r.asset).principal = r.principal;
    for (const r of earned) entry(r.asset).earned = r.earned;
    for (const r of lastDay) entry(r.asset).lastDay = r.amount;
    return {
      assets: [...assets].map(([asset, e]) => ({
        asset,
        principal: this.fmt(asset, e.principal),
        earned: this.fmt(asset, e.earned),
        lastDay: this.fmt(asset, e.lastDay),
      })),
      open,
    };
  }

  /** Locks `amount` of the user's spot balance in a new position. `claim` records the request id in the same transaction. */
  subscribe(uid: number, input: { productId: number; amount: string }, claim?: () => void): WealthPosition {
    const { tx, repo, ledger, clock } = this.deps;
    return tx.run(() => {
      const product = repo.product(input.productId);
      if (!product) fail('NOT_FOUND');
      if (product.status !== 'active') fail('WEALTH_PRODUCT_PAUSED');
      const asset = product.asset;
      const amount = this.userAmount(asset, input.amount);
      if (amount <= 0n) fail('AMOUNT_INVALID');
      if (amount < product.min_amount) fail('BELOW_MIN_PURCHASE');
      if (product.max_per_user !== null) {
        const left = product.max_per_user - repo.userHeld(n(product.id), uid);
        if (amount > left) fail('WEALTH_USER_LIMIT', { left: this.fmt(asset, left > 0n ? left : 0n), asset });
      }
      if (product.quota !== null) {
        const left = product.quota - product.subscribed;
        if (amount > left) fail('WEALTH_QUOTA_FULL', { left: this.fmt(asset, left > 0n ? left : 0n), asset });
      }
      if (!this.budgetCovers(product, amount)) fail('WEALTH_BUDGET_EXHAUSTED');
      if (ledger.balance(user(uid, 'spot', asset)).available < amount) fail('INSUFFICIENT_BALANCE');
      claim?.();
      const now = clock.now();
      const start = accrualStart(now);
      const term = product.term_days === null ? null : n(product.term_days);
      const id = repo.insertPosition({
        product_id: product.id,
        uid: BigInt(uid),
        asset,
        kind: product.kind,
        term_days: product.term_days,
        apr_ppm: product.apr_ppm,
        subscribed: amount,
        principal: amount,
        accrual_start: BigInt(start),
        maturity_at: term === null ? null : BigInt(maturityOf(now, term)),
        paid_through: BigInt(start - DAY_MS),
        request_id: null,
        created_at: BigInt(now),
      });
      ledger.hold({
        reference: `wealth:subscribe:${id}`,
        reason: WEALTH_REASONS.subscribe,
        account: user(uid, 'spot', asset),
        holder: positionHolder(id),
        amount,
        meta: { positionId: id, productId: n(product.id) },
      });
      repo.addSubscribed(n(product.id), amount);
      return this.positionView(this.positionRow(id));
    });
  }

  /**
   * Flexible: all or part of the principal, any time. Fixed: at or after maturity all of it; before, only with
   * `early` — the principal minus the rewards paid. Complete accrual days the scheduler has not paid yet are paid
   * first (a redemption never loses a day that was earned).
   */
  redeem(
    uid: number,
    input: { positionId: number; amount?: string; early?: boolean },
    claim?: () => void,
  ): WealthPosition {
    const { tx, clock } = this.deps;
    return tx.run(() => {
      const found = this.deps.repo.position(input.positionId);
      if (!found || n(found.uid) !== uid) fail('NOT_FOUND');
      if (found.state !== 'not_yet') fail('WEALTH_POSITION_CLOSED');
      const now = clock.now();
      const position = this.payDue(found, now, now);
      const asset = position.asset;
      if (position.kind === 'fixed') {
        if (input.amount !== undefined && this.userAmount(asset, input.amount) !== position.principal) {
          fail('WEALTH_REDEEM_AMOUNT', { principal: this.fmt(asset, position.principal), asset });
        }
        const maturity = n(position.maturity_at);
        if (maturity <= now) {
          claim?.();
          this.close(position, 'maturity', now);
        } else {
          const { forfeited } = earlyRedemption(position.principal, position.interest_paid);
          if (input.early !== true) fail('WEALTH_EARLY_CONFIRM', { forfeit: this.fmt(asset, forfeited), asset });
          claim?.();
          this.close(position, 'early', now);
        }
      } else {
        const amount = input.amount === undefined ? position.principal : this.userAmount(asset, input.amount);
        if (amount <= 0n || amount > position.principal) {
          fail('WEALTH_REDEEM_AMOUNT', { principal: this.fmt(asset, position.principal), asset });
        }
        claim?.();
        if (amount === position.principal) this.close(position, 'redeem', now);
        else this.redeemPart(position, amount, now);
      }
      return this.positionView(this.positionRow(n(position.id)));
    });
  }

  positions(uid: number, query: { state?: 'open' | 'closed'; page: number; size: number }): Paged<WealthPosition> {
    const { rows, total } = this.deps.repo.userPositions(
      uid,
      query.state ?? '',
      query.size,
      (query.page - 1) * query.size,
    );
    return { list: rows.map((r) => this.positionView(r)), total, page: query.page, size: query.size };
  }

  returns(uid: number, query: { positionId?: number; page: number; size: number }): Paged<WealthReturn> {
    const { rows, total } = this.deps.repo.userReturns(
      uid,
      query.positionId ?? 0,
      query.size,
      (query.page - 1) * query.size,
    );
    return { list: rows.map((r) => this.returnView(r)), total, page: query.page, size: query.size };
  }

  redemptions(uid: number, query: { page: number; size: number }): Paged<WealthRedemption> {
    const { rows, total } = this.deps.repo.userRedemptions(uid, query.size, (query.page - 1) * query.size);
    return { list: rows.map((r) => this.redemptionView(r)), total, page: query.page, size: query.size };
  }

  // ---- operators ----------------------------------------------------------------------------------------------

  adminPositions(query: {
    productId?: number;
    uid?: number;
    state?: PositionRow['state'];
    page: number;
    size: number;
  }): Paged<AdminWealthPosition> {
    const { rows, total } = this.deps.repo.adminPositions(
      query.productId ?? 0,
      query.uid ?? 0,
      query.state ?? '',
      query.size,
      (query.page - 1) * query.size,
    );
    return {
      list: rows.map((r) => ({ ...this.positionView(r), uid: n(r.uid) })),
      total,
      page: query.page,
      size: query.size,
    };
  }

  /** An operator ends an open position: due days paid, the principal released in full, returns kept. */
  revoke(operatorId: number, positionId: number, reason: string): AdminWealthPosition {
    return this.deps.tx.run(() => {
      const found = this.deps.repo.position(positionId);
      if (!found) fail('NOT_FOUND');
      if (found.state !== 'not_yet') fail('WEALTH_POSITION_CLOSED');
      const now = this.deps.clock.now();
      const position = this.payDue(found, now, now);
      this.close(position, 'revoke', now, { reason, operatorId });
      const row = this.positionRow(positionId);
      return { ...this.positionView(row), uid: n(row.uid) };
    });
  }

  totals(): WealthTotals {
    const byAsset = new Map<
      string,
      { principal: bigint; paid: bigint; owed: bigint; daily: bigint; holders: Set<number> }
    >();
    const products = new Map(this.deps.repo.products().map((p) => [n(p.id), p]));
    for (const p of products.values()) {
      const e = byAsset.get(p.asset) ?? { principal: 0n, paid: 0n, owed: 0n, daily: 0n, holders: new Set() };
      e.paid += p.interest_paid;
      byAsset.set(p.asset, e);
    }
    for (const pos of this.deps.repo.openPositions()) {
      const e = byAsset.get(pos.asset);
      const product = products.get(n(pos.product_id));
      if (!e || !product) continue;
      e.principal += pos.principal;
      e.holders.add(n(pos.uid));
      e.owed += owedToMaturity(pos);
      e.daily += dailyReturn(pos.principal, this.aprOf(pos, product), pos.carry).amount;
    }
    return {
      assets: [...byAsset].map(([asset, e]) => ({
        asset,
        principal: this.fmt(asset, e.principal),
        interestPaid: this.fmt(asset, e.paid),
        interestOwed: this.fmt(asset, e.owed),
        dailyInterest: this.fmt(asset, e.daily),
        holders: e.holders.size,
      })),
      lastAccrualDay: this.deps.repo.lastDay(),
    };
  }

  // ---- time: the daily accrual ----------------------------------------------------------------------------------

  /**
   * The scheduler's slot at `dayEnd` (00:00 UTC): every open position pays the day that just ended (and any complete
   * day before it still unpaid), then fixed terms maturing by `dayEnd` release their principal. Runs inside the
   * slot's transaction, so a day is paid exactly once with the slot's record; each payment's ledger reference
   * (`wealth:interest:<position>:<day>`) makes a second payment impossible anyway.
   */
  accrue(dayEnd: number, now: number): { paid: number; matured: number } {
    const { repo } = this.deps;
    const day = dayEnd - DAY_MS;
    let paid = 0;
    for (const row of repo.accruing(day, dayEnd)) {
      const before = n(row.paid_through);
      const after = this.payDue(row, dayEnd, now);
      paid += (n(after.paid_through) - before) / DAY_MS;
    }
    let matured = 0;
    for (const row of repo.maturing(dayEnd)) {
      const position = this.payDue(row, n(row.maturity_at), now);
      this.close(position, 'maturity', now, { at: n(row.maturity_at) });
      matured++;
    }
    return { paid, matured };
  }

  // ---- internals ----------------------------------------------------------------------------------------------

  /**
   * Pays every complete accrual day of the position that ends by `until` and is not paid yet (a fixed term's days
   * end at its maturity). Returns the position as it is afterwards.
   */
  private payDue(row: PositionRow, until: number, now: number): PositionRow {
    const product = this.productRow(n(row.product_id));
    const position = { ...row };
    const last = position.maturity_at === null ? until : Math.min(until, n(position.maturity_at));
    for (let day = n(position.paid_through) + DAY_MS; day + DAY_MS <= last; day += DAY_MS) {
      if (day < n(position.accrual_start)) continue;
      const apr = this.aprOf(position, product);
      const { amount, carry } = dailyReturn(position.principal, apr, position.carry);
      this.deps.repo.insertReturn({
        position_id: position.id,
        day: BigInt(day),
        uid: position.uid,
        asset: position.asset,
        principal: position.principal,
        apr_ppm: apr,
        amount,
        paid_at: BigInt(now),
      });
      if (amount > 0n) {
        this.deps.ledger.transfer({
          reference: `wealth:interest:${n(position.id)}:${day / DAY_MS}`,
          reason: WEALTH_REASONS.interest,
          from: system(SYSTEM.interestExpense, position.asset),
          to: user(n(position.uid), 'spot', position.asset),
          amount,
          meta: { positionId: n(position.id), day },
        });
        this.deps.repo.addInterest(n(position.product_id), amount);
      }
      this.deps.repo.markPaid(n(position.id), amount, carry, day);
      position.interest_paid += amount;
      position.carry = carry;
      position.paid_through = BigInt(day);
      position.last_return = amount;
    }
    return position;
  }

  /** Flexible: part of the principal back; the position goes on with the rest. */
  private redeemPart(position: PositionRow, amount: bigint, now: number): void {
    const id = n(position.id);
    const redemptionId = this.deps.repo.insertRedemption({
      position_id: position.id,
      uid: position.uid,
      asset: position.asset,
      kind: 'redeem',
      principal: amount,
      forfeited: 0n,
      returned: amount,
      reason: null,
      operator_id: null,
      created_at: BigInt(now),
    });
    this.deps.ledger.release({
      reference: `wealth:redeem:${redemptionId}`,
      reason: WEALTH_REASONS.redeem,
      holder: positionHolder(id),
      account: user(n(position.uid), 'spot', position.asset),
      amount,
      meta: { positionId: id, redemptionId, kind: 'redeem' },
    });
    this.deps.repo.reducePrincipal(id, amount);
    this.deps.repo.addSubscribed(n(position.product_id), -amount);
  }

  /** Ends a position: the whole principal leaves the hold (early: less the rewards paid, which go back). */
  private close(
    position: PositionRow,
    kind: 'redeem' | 'maturity' | 'early' | 'revoke',
    now: number,
    extra: { at?: number; reason?: string; operatorId?: number } = {},
  ): void {
    const { repo, ledger } = this.deps;
    const id = n(position.id);
    const uid = n(position.uid);
    const principal = position.principal;
    const { returned, forfeited } =
      kind === 'early' ? earlyRedemption(principal, position.interest_paid) : { returned: principal, forfeited: 0n };
    const at = extra.at ?? now;
    const redemptionId = repo.insertRedemption({
      position_id: position.id,
      uid: position.uid,
      asset: position.asset,
      kind,
      principal,
      forfeited,
      returned,
      reason: extra.reason ?? null,
      operator_id: extra.operatorId === undefined ? null : BigInt(extra.operatorId),
      created_at: BigInt(at),
    });
    const account = user(uid, 'spot', position.asset);
    const reference = `wealth:redeem:${redemptionId}`;
    const meta = { positionId: id, redemptionId, kind };
    if (forfeited === 0n) {
      ledger.release({ reference, reason: WEALTH_REASONS.redeem, holder: positionHolder(id), account, meta });
    } else {
      // The rewards already paid come out of the principal and go back where they came from.
      const to = [{ account: system(SYSTEM.interestExpense, position.asset), amount: forfeited }];
      if (returned > 0n) to.push({ account, amount: returned });
      ledger.settle({ reference, reason: WEALTH_REASONS.redeem, holder: positionHolder(id), account, to, meta });
      repo.revokeReturns(id);
      repo.addInterest(n(position.product_id), -forfeited);
    }
    const state = kind === 'early' ? 'early' : kind === 'revoke' ? 'revoked' : 'earned';
    if (!repo.close(id, state, forfeited, returned, at)) throw new Error(`wealth position ${id} was not open`);
    repo.addSubscribed(n(position.product_id), -principal);
  }

  /** Whether the product's interest budget still covers a subscription of `amount`. */
  private budgetCovers(product: ProductRow, amount: bigint): boolean {
    if (product.interest_budget === null) return true;
    const open = this.deps.repo.openOfProduct(n(product.id));
    let owed = 0n;
    let daily = 0n;
    for (const pos of open) {
      owed += owedToMaturity(pos);
      daily += dailyReturn(pos.principal, this.aprOf(pos, product), 0n).amount;
    }
    const left = product.interest_budget - product.interest_paid - owed;
    if (product.kind === 'fixed') return left >= termReturn(amount, product.apr_ppm, n(product.term_days));
    // Flexible: nothing is owed ahead, but the next day of every holding (this one included) must still fit.
    return left >= daily + dailyReturn(amount, product.apr_ppm, 0n).amount;
  }

  private budgetLeft(product: ProductRow): bigint | null {
    if (product.interest_budget === null) return null;
    let owed = 0n;
    for (const pos of this.deps.repo.openOfProduct(n(product.id))) owed += owedToMaturity(pos);
    const left = product.interest_budget - product.interest_paid - owed;
    return left > 0n ? left : 0n;
  }

  /** Fixed: the rate locked at subscription; flexible: the product's rate now. */
  private aprOf(position: PositionRow, product: ProductRow): bigint {
    return position.kind === 'fixed' ? position.apr_ppm : product.apr_ppm;
  }

  private productRow(id: number): ProductRow {
    const row = this.deps.repo.product(id);
    if (!row) fail('NOT_FOUND');
    return row;
  }

  private positionRow(id: number): PositionRow {
    const row = this.deps.repo.position(id);
    if (!row) throw new Error(`wealth position ${id} is missing`);
    return row;
  }

  private fmt(asset: string, value: bigint): string {
    return formatDecimal(value, this.scaleOf(asset));
  }

  private scaleOf(asset: string): number {
    return this.deps.ledger.hasAsset(asset) ? this.deps.ledger.asset(asset).scale : 8;
  }

  /** An amount a user typed: no more decimals than the asset carries, within range. */
  private userAmount(asset: string, text: string): bigint {
    const scale = this.scaleOf(asset);
    let value: bigint;
    try {
      if (decimalPlaces(text) > scale) fail('AMOUNT_PRECISION', { decimals: scale });
      value = parseDecimal(text, scale);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      fail('AMOUNT_INVALID');
    }
    if (value > MAX_UNITS) fail('AMOUNT_INVALID');
    return value;
  }

  private positiveAmount(asset: string, text: string, field: string): bigint {
    const value = this.operatorAmount(asset, text, field);
    if (value <= 0n) fail('INVALID_PARAMS', { detail: `${field} must be positive` });
    return value;
  }

  private optionalAmount(asset: string, text: string | null, field: string, zeroAllowed = false): bigint | null {
    if (text === null) return null;
    const value = this.operatorAmount(asset, text, field);
    if (value < 0n || (value === 0n && !zeroAllowed)) fail('INVALID_PARAMS', { detail: `${field} must be positive` });
    return value;
  }

  private operatorAmount(asset: string, text: string, field: string): bigint {
    const scale = this.scaleOf(asset);
    try {
      if (decimalPlaces(text) > scale) throw new Error('precision');
      const value = parseDecimal(text, scale);
      if (value > MAX_UNITS) throw new Error('range');
      return value;
    } catch {
      fail('INVALID_PARAMS', { detail: `${field}: at most ${scale} decimals` });
    }
  }

  // ---- views --------------------------------------------------------------------------------------------------

  private productView(row: ProductRow, now: number): WealthProduct {
    const asset = row.asset;
    const start = accrualStart(now);
    const left = row.quota === null ? null : row.quota - row.subscribed;
    const budgetLeft = this.budgetLeft(row);
    const budgetBlocks =
      budgetLeft !== null &&
      (row.kind === 'fixed'
        ? budgetLeft < termReturn(row.min_amount, row.apr_ppm, n(row.term_days))
        : budgetLeft <= 0n);
    return {
      id: n(row.id),
      asset,
      kind: row.kind,
      termDays: row.term_days === null ? null : n(row.term_days),
      apr: formatApr(row.apr_ppm),
      minAmount: this.fmt(asset, row.min_amount),
      maxPerUser: row.max_per_user === null ? null : this.fmt(asset, row.max_per_user),
      quota: row.quota === null ? null : this.fmt(asset, row.quota),
      subscribed: this.fmt(asset, row.subscribed),
      left: left === null ? null : this.fmt(asset, left > 0n ? left : 0n),
      status: row.status,
      soldOut: (left !== null && left < row.min_amount) || budgetBlocks,
      accrualStartsAt: start,
      firstReturnAt: start + DAY_MS,
      maturityAt: row.term_days === null ? null : maturityOf(now, n(row.term_days)),
      sort: n(row.sort),
    };
  }

  private adminProductView(
    row: ProductRow,
    now: number,
    figures: { holders: bigint; open_positions: bigint } | undefined,
  ): AdminWealthProduct {
    const asset = row.asset;
    let owed = 0n;
    let daily = 0n;
    for (const pos of this.deps.repo.openOfProduct(n(row.id))) {
      owed += owedToMaturity(pos);
      daily += dailyReturn(pos.principal, this.aprOf(pos, row), pos.carry).amount;
    }
    const budgetLeft = row.interest_budget === null ? null : row.interest_budget - row.interest_paid - owed;
    return {
      ...this.productView(row, now),
      interestBudget: row.interest_budget === null ? null : this.fmt(asset, row.interest_budget),
      interestPaid: this.fmt(asset, row.interest_paid),
      interestOwed: this.fmt(asset, owed),
      dailyInterest: this.fmt(asset, daily),
      budgetLeft: budgetLeft === null ? null : this.fmt(asset, budgetLeft > 0n ? budgetLeft : 0n),
      holders: figures ? n(figures.holders) : 0,
      openPositions: figures ? n(figures.open_positions) : 0,
      createdAt: n(row.created_at),
      updatedAt: n(row.updated_at),
    };
  }

  private positionView(row: PositionRow): WealthPosition {
    const asset = row.asset;
    const open = row.state === 'not_yet';
    const product = this.deps.repo.product(n(row.product_id));
    const apr = row.kind === 'flexible' && product && open ? product.apr_ppm : row.apr_ppm;
    const nextDay = Math.max(n(row.accrual_start), n(row.paid_through) + DAY_MS);
    const maturity = row.maturity_at === null ? null : n(row.maturity_at);
    const nextReturnAt = open && (maturity === null || nextDay < maturity) ? nextDay + DAY_MS : null;
    return {
      id: n(row.id),
      productId: n(row.product_id),
      asset,
      kind: row.kind,
      termDays: row.term_days === null ? null : n(row.term_days),
      apr: formatApr(apr),
      principal: this.fmt(asset, row.principal),
      subscribed: this.fmt(asset, row.subscribed),
      interestPaid: this.fmt(asset, row.interest_paid),
      forfeited: this.fmt(asset, row.forfeited),
      returned: this.fmt(asset, row.returned),
      state: row.state,
      subscribedAt: n(row.created_at),
      accrualStartsAt: n(row.accrual_start),
      maturityAt: maturity,
      nextReturnAt,
      lastReturn: row.last_return === null ? null : this.fmt(asset, row.last_return),
      closedAt: row.closed_at === null ? null : n(row.closed_at),
    };
  }

  private returnView(row: ReturnRow): WealthReturn {
    return {
      positionId: n(row.position_id),
      asset: row.asset,
      kind: row.kind,
      termDays: row.term_days === null ? null : n(row.term_days),
      day: n(row.day),
      principal: this.fmt(row.asset, row.principal),
      apr: formatApr(row.apr_ppm),
      amount: this.fmt(row.asset, row.amount),
      state: row.state,
      paidAt: n(row.paid_at),
    };
  }

  private redemptionView(row: RedemptionRow): WealthRedemption {
    return {
      id: n(row.id),
      positionId: n(row.position_id),
      asset: row.asset,
      kind: row.kind,
      productKind: row.product_kind,
      termDays: row.term_days === null ? null : n(row.term_days),
      principal: this.fmt(row.asset, row.principal),
      forfeited: this.fmt(row.asset, row.forfeited),
      returned: this.fmt(row.asset, row.returned),
      createdAt: n(row.created_at),
    };
  }

  // ---- funding records ----------------------------------------------------------------------------------------

  /** How this module's ledger movements read in the wallet's funding records (filter "products"). */
  private describeRecords(): void {
    const reader = (m: Movement, _uid: number, lang: Lang): WalletRecord => {
      const line = m.lines.find((l) => l.wallet === 'spot' && l.sub === '') ?? m.lines[0];
      if (!line) throw new Error(`movement ${m.entryId} has no line of the user`);
      const meta = m.meta ?? {};
      const position = this.deps.repo.position(Number(meta.positionId));
      const name = position
        ? productName(position.asset, position.kind, position.term_days === null ? null : n(position.term_days), lang)
        : line.asset;
      let text: WealthText;
      let amount: bigint;
      let direction: WalletRecord['direction'];
      if (m.reason === WEALTH_REASONS.subscribe) {
        text = 'subscribe';
        amount = line.frozen;
        direction = 'internal';
      } else if (m.reason === WEALTH_REASONS.interest) {
        text = 'interest';
        amount = line.available;
        direction = 'in';
      } else {
        const kind = String(meta.kind);
        text = kind === 'maturity' || kind === 'early' || kind === 'revoke' ? kind : 'redeem';
        amount = line.available;
        direction = 'internal';
      }
      return {
        key: `wealth:${m.entryId}`,
        type: 'product',
        id: m.entryId,
        asset: line.asset,
        amount: this.fmt(line.asset, amount < 0n ? -amount : amount),
        fee: this.fmt(line.asset, 0n),
        direction,
        status: 'done',
        network: null,
        txHash: null,
        fromWallet: null,
        toWallet: null,
        counterparty: null,
        product: 'earn',
        title: wealthText(text, lang, { name }),
        createdAt: m.createdAt,
      };
    };
    this.deps.wallet.describeRecords({
      reasons: Object.values(WEALTH_REASONS),
      filter: 'product',
      read: reader,
    });
  }
}

/** A fixed position's returns still to come until maturity (the exact total rounded down, less what was paid). */
function owedToMaturity(position: PositionRow): bigint {
  if (position.kind !== 'fixed' || position.term_days === null) return 0n;
  const total = termReturn(position.principal, position.apr_ppm, n(position.term_days));
  return total > position.interest_paid ? total - position.interest_paid : 0n;
}

function aprOf(text: string): bigint {
  try {
    return parseApr(text);
  } catch {
    fail('INVALID_PARAMS', { detail: 'apr' });
  }
}
