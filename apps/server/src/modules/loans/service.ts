import {
  type AdminLoan,
  divRound,
  formatDecimal,
  type Lang,
  type Loan,
  type LoanableAsset,
  type LoanableAssetInput,
  type LoanBook,
  type LoanBorrowBody,
  type LoanCollateralAsset,
  type LoanCollateralBody,
  type LoanCollateralInput,
  type LoanDetail,
  type LoanFrame,
  type LoanMarket,
  type LoanQuote,
  type LoanRepayBody,
  type LoanSummary,
  type LoanTotals,
  LANGS,
  type NewSpotOrderBody,
  parseDecimal,
  RATE_ONE,
  type SpotOrder,
  type WalletRecord,
} from '@bourse/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import type { OutgoingMessage } from '../../lib/notifier';
import { DomainError, fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { ChannelSpec, Hub } from '../../ws/hub';
import { type AccountRef, type LedgerService, type Movement, SYSTEM, system, user } from '../ledger';
import {
  type Accrued,
  accrueMinute,
  collateralPriceInLoan,
  collateralToSell,
  collateralValue,
  floorPrice,
  INTEREST_DENOMINATOR,
  type LoanPricing,
  ltvAtLeast,
  ltvRate,
  ltvWithin,
  maxBorrow,
  owedInterest,
  payInterest,
  percentRate,
  ratePercent,
  requiredCollateral,
  splitLiquidation,
  thresholdPrice,
} from './math';
import { marginCallMail } from './notices';
import type {
  CollateralRow,
  LiquidationRow,
  LoanAssetRow,
  LoanEventKind,
  LoanRow,
  LoansRepo,
  LoanStatusValue,
} from './repo';

export const MINUTE_MS = 60_000;

/** The loan book: the exchange's capital (equity) lent to borrowers, funded from the treasury. */
export const LOAN_BOOK = 'loan_book';
/** Interest paid by borrowers: the exchange's revenue. */
export const LOAN_INTEREST = 'loan_interest';
/**
 * The spot trader that sells a liquidated loan's collateral into the book: it holds the collateral and the proceeds
 * only inside the one transaction of the sale (its balances are zero between liquidations).
 */
export const LOAN_LIQUIDATOR = 'loan_liquidator';

export const holders = {
  /** On the user's spot wallet (collateral coin): the loan's collateral. */
  collateral: (loanId: number) => `loans:collateral:${loanId}`,
};

export const LOAN_REASONS = {
  borrow: 'loans.borrow',
  collateral: 'loans.collateral',
  repay: 'loans.repay',
  release: 'loans.collateral.release',
  liquidation: 'loans.liquidation',
  budget: 'loans.budget',
} as const;

/** The index price of a coin in USDT at 10^-8 (USDT itself is 1). */
export interface LoanPrices {
  usdt(asset: string): bigint | null;
}

/** The spot book as a liquidation sells into it (the spot module's engine, through its service). */
export interface LiquidationBook {
  /** The open market `symbol` with its tick and step, or null (unknown or closed). */
  market(symbol: string): { tickSize: string; stepSize: string } | null;
  /**
   * Places `order` as the liquidator with `before` and `after` in the same transaction (the spot service's
   * `placeOrderWithin`): all of it commits or, when anything refuses, nothing does.
   */
  sell<T>(order: NewSpotOrderBody, around: { before: () => void; after: (order: SpotOrder) => T }): Promise<T>;
}

/** Where a margin call is mailed: the user's bound email (null without one) through the platform notifier. */
export interface LoanMail {
  to(uid: number): string | null;
  send(message: OutgoingMessage): Promise<unknown>;
}

export interface LoansDeps {
  tx: Transactions;
  clock: Clock;
  log: Logger;
  hub: Hub;
  ledger: LedgerService;
  repo: LoansRepo;
  prices: LoanPrices;
  book?: LiquidationBook | null;
  mail?: LoanMail | null;
  /** A TEST_CLOCK server: operators may pin the index loans use (`pinTestIndex`), to walk a price drop. */
  testIndex?: boolean;
}

/**
 * Crypto loans: borrow against collateral held on the user's spot wallet (a named hold per loan), interest accrued
 * every minute on the scheduler, repay (interest first), add collateral, margin call at the margin-call LTV and
 * liquidation at the liquidation LTV (the loan book takes the collateral at the index less 5 %: debt repaid, the rest
 * returned). See README.md.
 */
export class LoansService {
  private readonly tx: Transactions;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly hub: Hub;
  private readonly ledger: LedgerService;
  private readonly repo: LoansRepo;
  private prices: LoanPrices;
  private readonly spotBook: LiquidationBook | null;
  private readonly mail: LoanMail | null;
  private readonly testIndex: boolean;
  /** Index prices pinned on a TEST_CLOCK server (USDT per coin at 10^-8). */
  private readonly pinned = new Map<string, bigint>();

  constructor(deps: LoansDeps) {
    this.tx = deps.tx;
    this.clock = deps.clock;
    this.log = deps.log;
    this.hub = deps.hub;
    this.ledger = deps.ledger;
    this.repo = deps.repo;
    this.prices = deps.prices;
    this.spotBook = deps.book ?? null;
    this.mail = deps.mail ?? null;
    this.testIndex = deps.testIndex ?? false;
    this.ledger.declareSystemAccount(LOAN_BOOK, { type: 'equity', negative: false });
    this.ledger.declareSystemAccount(LOAN_INTEREST, { type: 'revenue', negative: false });
    this.ledger.declareSystemAccount(LOAN_LIQUIDATOR, { type: 'equity', negative: false });
  }

  /** Tests set the index they want. */
  usePrices(prices: LoanPrices): void {
    this.prices = prices;
  }

  channel(): ChannelSpec {
    return { name: 'loans', private: true };
  }

  // ---- helpers ------------------------------------------------------------------------------------------------

  private fmt(asset: string, value: bigint): string {
    return formatDecimal(value, this.ledger.asset(asset).scale);
  }

  private parse(asset: string, value: string): bigint {
    try {
      return this.ledger.parseAmount(asset, value);
    } catch {
      throw new DomainError('AMOUNT_INVALID');
    }
  }

  private bookAccount(asset: string) {
    return system(LOAN_BOOK, asset, 'spot');
  }

  /** Test servers only (TEST_CLOCK): the index loans use for `asset` from now on is `price` USDT. */
  pinTestIndex(asset: string, price: string): { asset: string; price: string } {
    if (!this.testIndex) throw new DomainError('NOT_FOUND');
    let value: bigint;
    try {
      value = parseDecimal(price, 8);
    } catch {
      throw new DomainError('AMOUNT_INVALID');
    }
    if (value <= 0n || !this.ledger.hasAsset(asset)) throw new DomainError('AMOUNT_INVALID');
    this.pinned.set(asset, value);
    return { asset, price: formatDecimal(value, 8) };
  }

  private usdt(asset: string): bigint | null {
    return this.pinned.get(asset) ?? this.prices.usdt(asset);
  }

  private pricing(loanAsset: string, collateralAsset: string): LoanPricing | null {
    const loanPrice = this.usdt(loanAsset);
    const collateralPrice = this.usdt(collateralAsset);
    if (!loanPrice || !collateralPrice || loanPrice <= 0n || collateralPrice <= 0n) return null;
    return {
      loanPrice,
      collateralPrice,
      loanScale: this.ledger.asset(loanAsset).scale,
      collateralScale: this.ledger.asset(collateralAsset).scale,
    };
  }

  private accrued(row: LoanRow): Accrued {
    return { units: row.interest_units, rem: row.interest_rem };
  }

  private debt(row: LoanRow): bigint {
    return row.principal + owedInterest(this.accrued(row));
  }

  private risk(row: LoanRow, terms: CollateralRow | undefined, p: LoanPricing | null): Loan['risk'] {
    if (!terms || !p || row.status !== 'open') return 'healthy';
    const debt = this.debt(row);
    if (ltvAtLeast(debt, row.collateral, terms.liquidation_ltv, p)) return 'liquidation';
    if (ltvAtLeast(debt, row.collateral, terms.margin_call_ltv, p)) return 'margin_call';
    return 'healthy';
  }

  private loanView(row: LoanRow): Loan {
    const terms = this.repo.collateral(row.collateral_asset);
    const p = this.pricing(row.loan_asset, row.collateral_asset);
    const debt = this.debt(row);
    const live = row.status === 'open' || row.status === 'liquidating';
    const ltv = p && live ? ltvRate(debt, row.collateral, p) : null;
    const cScale = this.ledger.asset(row.collateral_asset).scale;
    const price = (threshold: bigint | undefined) => {
      if (!live || threshold === undefined) return null;
      const v = thresholdPrice(debt, row.collateral, threshold, cScale);
      return v === null ? null : this.fmt(row.loan_asset, v);
    };
    return {
      id: row.id,
      status: row.status,
      risk: this.risk(row, terms, p),
      loanAsset: row.loan_asset,
      collateralAsset: row.collateral_asset,
      borrowed: this.fmt(row.loan_asset, row.borrowed),
      principal: this.fmt(row.loan_asset, row.principal),
      interest: this.fmt(row.loan_asset, owedInterest(this.accrued(row))),
      debt: this.fmt(row.loan_asset, debt),
      collateral: this.fmt(row.collateral_asset, row.collateral),
      apr: ratePercent(row.apr, 'floor', 4),
      ltv: ltv === null ? null : ratePercent(ltv, 'ceil'),
      initialLtv: ratePercent(terms?.initial_ltv ?? 0n, 'floor'),
      marginCallLtv: ratePercent(terms?.margin_call_ltv ?? 0n, 'floor'),
      liquidationLtv: ratePercent(terms?.liquidation_ltv ?? 0n, 'floor'),
      price: p ? this.fmt(row.loan_asset, collateralPriceInLoan(p)) : null,
      marginCallPrice: price(terms?.margin_call_ltv),
      liquidationPrice: price(terms?.liquidation_ltv),
      interestPaid: this.fmt(row.loan_asset, row.interest_paid),
      repaid: this.fmt(row.loan_asset, row.repaid),
      marginCallAt: row.margin_call_at,
      createdAt: row.created_at,
      closedAt: row.closed_at,
    };
  }

  private detail(row: LoanRow): LoanDetail {
    const q = this.repo.liquidation(row.id);
    return {
      ...this.loanView(row),
      events: this.repo.events(row.id).map((e) => ({
        id: e.id,
        kind: e.kind,
        amount: this.fmt(e.asset, e.amount),
        asset: e.asset,
        interest: this.fmt(e.asset, e.interest),
        ltv: e.ltv === null ? null : ratePercent(e.ltv, 'ceil'),
        at: e.at,
      })),
      liquidation:
        q && q.phase === 'done'
          ? {
              price: this.fmt(row.loan_asset, q.trigger_price),
              floorPrice: this.fmt(row.loan_asset, q.floor_price),
              soldOnBook: this.fmt(row.collateral_asset, q.sold_on_book),
              bookProceeds: this.fmt(row.loan_asset, q.book_proceeds),
              soldToFund: this.fmt(row.collateral_asset, q.sold_to_fund),
              fundPaid: this.fmt(row.loan_asset, q.fund_paid),
              debtRepaid: this.fmt(row.loan_asset, q.debt_repaid),
              badDebt: this.fmt(row.loan_asset, q.bad_debt),
              returnedCollateral: this.fmt(row.collateral_asset, q.returned_collateral),
              returnedProceeds: this.fmt(row.loan_asset, q.returned_proceeds),
              at: q.finished_at ?? q.started_at,
            }
          : null,
    };
  }

  private ownLoan(uid: number, id: number): LoanRow {
    const row = this.repo.loan(id);
    if (!row || row.uid !== uid) fail('LOAN_NOT_FOUND');
    return row;
  }

  private event(row: LoanRow, kind: LoanEventKind, asset: string, amount: bigint, interest = 0n): void {
    const terms = this.repo.collateral(row.collateral_asset);
    const p = this.pricing(row.loan_asset, row.collateral_asset);
    const ltv = p && terms ? ltvRate(this.debt(row), row.collateral, p) : null;
    this.repo.insertEvent({ loan_id: row.id, kind, asset, amount, interest, ltv, at: this.clock.now() });
  }

  private push(row: LoanRow, kind: LoanFrame['kind']): void {
    const frame: LoanFrame = { kind, loan: this.loanView(row) };
    this.hub.publishToUser(row.uid, 'loans', frame);
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  private assetView(row: LoanAssetRow): LoanableAsset {
    return {
      asset: row.asset,
      apr: ratePercent(row.apr, 'floor', 4),
      minAmount: this.fmt(row.asset, row.min_amount),
      maxAmount: this.fmt(row.asset, row.max_amount),
      available: this.fmt(row.asset, this.ledger.balance(this.bookAccount(row.asset)).available),
      status: row.status,
    };
  }

  private collateralView(row: CollateralRow): LoanCollateralAsset {
    const price = this.usdt(row.asset);
    return {
      asset: row.asset,
      initialLtv: ratePercent(row.initial_ltv, 'floor'),
      marginCallLtv: ratePercent(row.margin_call_ltv, 'floor'),
      liquidationLtv: ratePercent(row.liquidation_ltv, 'floor'),
      price: price === null ? null : formatDecimal(price, 8),
      status: row.status,
    };
  }

  market(all = false): LoanMarket {
    return {
      loanable: this.repo
        .assets()
        .filter((a) => all || a.status === 'active')
        .map((a) => this.assetView(a)),
      collateral: this.repo
        .collaterals()
        .filter((c) => all || c.status === 'active')
        .map((c) => this.collateralView(c)),
    };
  }

  private terms(loanAsset: string, collateralAsset: string): { asset: LoanAssetRow; coll: CollateralRow } {
    if (loanAsset === collateralAsset) fail('LOAN_SAME_ASSET');
    const asset = this.repo.asset(loanAsset);
    if (!asset || asset.status !== 'active') fail('LOAN_ASSET_UNAVAILABLE', { asset: loanAsset });
    const coll = this.repo.collateral(collateralAsset);
    if (!coll || coll.status !== 'active') fail('LOAN_COLLATERAL_UNAVAILABLE', { asset: collateralAsset });
    return { asset, coll };
  }

  quote(query: { loanAsset: string; collateralAsset: string; collateral?: string; amount?: string }): LoanQuote {
    const { asset, coll } = this.terms(query.loanAsset, query.collateralAsset);
    const p = this.pricing(asset.asset, coll.asset);
    if (!p) fail('LOAN_NO_PRICE', { asset: coll.asset });
    const collateral = query.collateral === undefined ? null : this.parse(coll.asset, query.collateral);
    const amount = query.amount === undefined ? null : this.parse(asset.asset, query.amount);
    const book = this.ledger.balance(this.bookAccount(asset.asset)).available;
    const cap = (v: bigint) => [v, book, asset.max_amount].reduce((a, b) => (b < a ? b : a));
    const fl = (v: bigint) => this.fmt(asset.asset, v);
    const cScale = p.collateralScale;
    const interest = (minutes: bigint) =>
      amount === null ? null : fl(divRound(amount * asset.apr * minutes, INTEREST_DENOMINATOR, 'ceil'));
    return {
      loanAsset: asset.asset,
      collateralAsset: coll.asset,
      price: fl(collateralPriceInLoan(p)),
      apr: ratePercent(asset.apr, 'floor', 4),
      initialLtv: ratePercent(coll.initial_ltv, 'floor'),
      marginCallLtv: ratePercent(coll.margin_call_ltv, 'floor'),
      liquidationLtv: ratePercent(coll.liquidation_ltv, 'floor'),
      collateralValue: collateral === null ? null : fl(collateralValue(collateral, p)),
      maxBorrow: collateral === null ? null : fl(cap(maxBorrow(collateral, coll.initial_ltv, p))),
      requiredCollateral:
        amount === null ? null : this.fmt(coll.asset, requiredCollateral(amount, coll.initial_ltv, p)),
      ltv: amount === null || collateral === null ? null : nullableRate(ltvRate(amount, collateral, p)),
      marginCallPrice:
        amount === null || collateral === null
          ? null
          : nullableAmount(thresholdPrice(amount, collateral, coll.margin_call_ltv, cScale), fl),
      liquidationPrice:
        amount === null || collateral === null
          ? null
          : nullableAmount(thresholdPrice(amount, collateral, coll.liquidation_ltv, cScale), fl),
      hourlyInterest: interest(60n),
      dailyInterest: interest(1440n),
    };
  }

  loans(uid: number, query: { status?: 'open' | 'closed'; page: number; size: number }) {
    const status = query.status === 'open' ? 'live' : query.status;
    const { list, total } = this.repo.page({ uid, status }, query.size, (query.page - 1) * query.size);
    return { list: list.map((r) => this.loanView(r)), total, page: query.page, size: query.size };
  }

  loan(uid: number, id: number): LoanDetail {
    return this.detail(this.ownLoan(uid, id));
  }

  summary(uid: number): LoanSummary {
    const open = this.repo.page({ uid, status: 'live' }, 1000, 0).list;
    const debts = new Map<string, bigint>();
    let marginCall = 0;
    for (const row of open) {
      debts.set(row.loan_asset, (debts.get(row.loan_asset) ?? 0n) + this.debt(row));
      const risk = this.risk(
        row,
        this.repo.collateral(row.collateral_asset),
        this.pricing(row.loan_asset, row.collateral_asset),
      );
      if (risk !== 'healthy') marginCall++;
    }
    return {
      open: open.length,
      marginCall,
      debts: [...debts].map(([asset, amount]) => ({ asset, amount: this.fmt(asset, amount) })),
    };
  }

  // ---- trader actions -----------------------------------------------------------------------------------------

  borrow(uid: number, body: LoanBorrowBody, claim: () => void, lang: Lang = 'en'): Loan {
    return this.tx.run(() => {
      const { asset, coll } = this.terms(body.loanAsset, body.collateralAsset);
      const amount = this.parse(asset.asset, body.amount);
      const collateral = this.parse(coll.asset, body.collateral);
      if (amount < asset.min_amount || amount > asset.max_amount) {
        fail('LOAN_AMOUNT_OUT_OF_RANGE', {
          min: this.fmt(asset.asset, asset.min_amount),
          max: this.fmt(asset.asset, asset.max_amount),
          asset: asset.asset,
        });
      }
      if (collateral <= 0n) fail('AMOUNT_INVALID');
      const p = this.pricing(asset.asset, coll.asset);
      if (!p) fail('LOAN_NO_PRICE', { asset: coll.asset });
      if (!ltvWithin(amount, collateral, coll.initial_ltv, p)) {
        fail('LOAN_LTV_TOO_HIGH', {
          ltv: ratePercent(ltvRate(amount, collateral, p) ?? 0n, 'ceil'),
          max: ratePercent(coll.initial_ltv, 'floor'),
        });
      }
      if (this.ledger.balance(this.bookAccount(asset.asset)).available < amount) {
        fail('LOAN_BOOK_EXHAUSTED', { asset: asset.asset });
      }
      claim();
      const now = this.clock.now();
      const id = this.repo.insertLoan({
        uid,
        loan_asset: asset.asset,
        collateral_asset: coll.asset,
        apr: asset.apr,
        borrowed: amount,
        principal: amount,
        collateral,
        accrued_through: now,
        status: 'open',
        created_at: now,
        lang,
      });
      const meta = { loanId: id };
      this.ledger.hold({
        reference: `loans:collateral:${id}:0`,
        reason: LOAN_REASONS.collateral,
        account: user(uid, 'spot', coll.asset),
        holder: holders.collateral(id),
        amount: collateral,
        meta,
      });
      this.ledger.transfer({
        reference: `loans:borrow:${id}`,
        reason: LOAN_REASONS.borrow,
        from: this.bookAccount(asset.asset),
        to: user(uid, 'spot', asset.asset),
        amount,
        meta,
      });
      const row = this.ownLoan(uid, id);
      this.event(row, 'borrow', asset.asset, amount);
      return this.loanView(row);
    });
  }

  /** Repays from spot, interest first; paying everything returns the collateral. */
  repay(uid: number, body: LoanRepayBody, claim: () => void): Loan {
    const row = this.tx.run(() => {
      const row = this.ownLoan(uid, body.loanId);
      if (row.status === 'liquidating') fail('LOAN_LIQUIDATING');
      if (row.status !== 'open') fail('LOAN_CLOSED');
      const interest = owedInterest(this.accrued(row));
      const owed = row.principal + interest;
      const amount = body.full ? owed : this.parse(row.loan_asset, body.amount ?? '');
      if (amount <= 0n) fail('AMOUNT_INVALID');
      if (amount > owed) fail('LOAN_REPAY_TOO_MUCH', { owed: this.fmt(row.loan_asset, owed), asset: row.loan_asset });
      claim();
      const toInterest = amount < interest ? amount : interest;
      const toPrincipal = amount - toInterest;
      const seq = this.repo.events(row.id).length;
      const meta = { loanId: row.id };
      const legs = [{ account: user(uid, 'spot', row.loan_asset), amount: -amount }];
      if (toInterest > 0n) legs.push({ account: system(LOAN_INTEREST, row.loan_asset, 'spot'), amount: toInterest });
      if (toPrincipal > 0n) legs.push({ account: this.bookAccount(row.loan_asset), amount: toPrincipal });
      this.ledger.post({ reference: `loans:repay:${row.id}:${seq}`, reason: LOAN_REASONS.repay, meta, legs });
      const accrued = payInterest(this.accrued(row), toInterest);
      const next: LoanRow = {
        ...row,
        interest_units: accrued.units,
        interest_rem: accrued.rem,
        interest_paid: row.interest_paid + toInterest,
        principal: row.principal - toPrincipal,
        repaid: row.repaid + toPrincipal,
      };
      if (next.principal === 0n && owedInterest(accrued) === 0n) {
        this.ledger.release({
          reference: `loans:release:${row.id}`,
          reason: LOAN_REASONS.release,
          holder: holders.collateral(row.id),
          account: user(uid, 'spot', row.collateral_asset),
          meta,
        });
        next.status = 'repaid';
        next.closed_at = this.clock.now();
      }
      this.repo.saveLoan(next);
      this.event(next, 'repay', row.loan_asset, amount, toInterest);
      return next;
    });
    this.push(row, row.status === 'repaid' ? 'closed' : 'update');
    return this.loanView(row);
  }

  addCollateral(uid: number, body: LoanCollateralBody, claim: () => void): Loan {
    const row = this.tx.run(() => {
      const row = this.ownLoan(uid, body.loanId);
      if (row.status === 'liquidating') fail('LOAN_LIQUIDATING');
      if (row.status !== 'open') fail('LOAN_CLOSED');
      const amount = this.parse(row.collateral_asset, body.amount);
      if (amount <= 0n) fail('AMOUNT_INVALID');
      claim();
      const seq = this.repo.events(row.id).length;
      this.ledger.hold({
        reference: `loans:collateral:${row.id}:${seq}`,
        reason: LOAN_REASONS.collateral,
        account: user(uid, 'spot', row.collateral_asset),
        holder: holders.collateral(row.id),
        amount,
        meta: { loanId: row.id },
      });
      const next = { ...row, collateral: row.collateral + amount };
      this.repo.saveLoan(next);
      this.event(next, 'collateral', row.collateral_asset, amount);
      return this.checkRisk(next);
    });
    this.push(row, 'update');
    return this.loanView(row);
  }

  // ---- the scheduler ------------------------------------------------------------------------------------------

  /**
   * The minute job at instant `at` (in the slot's transaction): every open loan is charged each whole minute since
   * it was last charged, exactly (the remainder carried), then its LTV is checked against the margin call and the
   * liquidation. Returns the loans charged.
   */
  accrue(at: number): number {
    const rows = this.repo.accruing(at - MINUTE_MS + 1);
    for (const row of rows) {
      let accrued = this.accrued(row);
      let through = row.accrued_through;
      while (through + MINUTE_MS <= at) {
        accrued = accrueMinute(accrued, row.principal, row.apr);
        through += MINUTE_MS;
      }
      this.repo.saveAccrual(row.id, accrued.units, accrued.rem, through);
    }
    return rows.length;
  }

  /**
   * Margin calls and liquidations of every open loan at the index now (the minute job, after the accrual). A loan
   * at the liquidation LTV becomes `liquidating` here; `liquidatePending` sells its collateral.
   */
  watch(): void {
    for (const row of this.repo.byStatus('open')) {
      const before = row.margin_call_at;
      const next = this.checkRisk(row);
      if (next.status === 'liquidating') this.push(next, 'update');
      else if (next.margin_call_at !== before && next.margin_call_at !== null) this.push(next, 'margin_call');
    }
  }

  /**
   * Sets or clears the margin call (once per crossing: set when the LTV reaches it, cleared when it is below it
   * again; the mail goes only when it is set), starts the liquidation at the liquidation LTV (inside the caller's
   * transaction).
   */
  private checkRisk(row: LoanRow): LoanRow {
    const terms = this.repo.collateral(row.collateral_asset);
    const p = this.pricing(row.loan_asset, row.collateral_asset);
    if (!terms || !p || row.status !== 'open') return row;
    const risk = this.risk(row, terms, p);
    if (risk === 'liquidation') return this.startLiquidation(row, p);
    if (risk === 'margin_call' && row.margin_call_at === null) {
      const next = { ...row, margin_call_at: this.clock.now() };
      this.repo.saveLoan(next);
      this.event(next, 'margin_call', row.loan_asset, this.debt(row));
      this.mailMarginCall(next);
      return next;
    }
    if (risk === 'healthy' && row.margin_call_at !== null) {
      const next = { ...row, margin_call_at: null };
      this.repo.saveLoan(next);
      this.event(next, 'margin_call_cleared', row.loan_asset, this.debt(row));
      return next;
    }
    return row;
  }

  /** The margin call by mail to the user's bound email, in the language they borrowed in, once committed. */
  private mailMarginCall(row: LoanRow): void {
    const to = this.mail?.to(row.uid) ?? null;
    if (!this.mail || !to) return;
    const view = this.loanView(row);
    const lang = (LANGS as readonly string[]).includes(row.lang) ? (row.lang as Lang) : 'en';
    const message = marginCallMail(lang, {
      id: row.id,
      ltv: view.ltv ?? '',
      marginCallLtv: view.marginCallLtv,
      liquidationLtv: view.liquidationLtv,
      debt: view.debt,
      loanAsset: row.loan_asset,
      collateral: view.collateral,
      collateralAsset: row.collateral_asset,
      liquidationPrice: view.liquidationPrice ?? '',
    });
    const mail = this.mail;
    this.tx.afterCommit(() => {
      mail.send({ to, ...message }).catch((err: unknown) => this.log.warn({ err, loanId: row.id }, 'loans mail'));
    });
  }

  /**
   * The loan reached the liquidation LTV: its debt is fixed (no more interest), it can no longer be repaid or
   * topped up, and a liquidation at the index now (floor = index less 5 %) waits for `liquidatePending`.
   */
  private startLiquidation(row: LoanRow, p: LoanPricing): LoanRow {
    const now = this.clock.now();
    this.repo.insertLiquidation({
      loan_id: row.id,
      trigger_price: collateralPriceInLoan(p),
      floor_price: floorPrice(p),
      principal: row.principal,
      interest: owedInterest(this.accrued(row)),
      started_at: now,
    });
    const next: LoanRow = { ...row, status: 'liquidating' };
    this.repo.saveLoan(next);
    this.log.info({ loanId: row.id, ltv: ltvRate(this.debt(row), row.collateral, p)?.toString() }, 'loan liquidating');
    return next;
  }

  /**
   * Finishes every liquidation waiting (the minute job, after its slot committed; a failed one waits for the next
   * minute). Each sells what covers the debt into the spot book — an IOC sell no lower than the floor price, in the
   * same transaction as its settlement — and the loan book takes the rest of the debt's worth at the floor price
   * (all of it when the market is closed or the order is refused). Returns how many finished.
   */
  async liquidatePending(): Promise<number> {
    let done = 0;
    for (const q of this.repo.pendingLiquidations()) {
      try {
        await this.liquidateOne(q);
        done++;
      } catch (err) {
        this.log.error({ err, loanId: q.loan_id }, 'loan liquidation failed; it is tried again next minute');
      }
    }
    return done;
  }

  private async liquidateOne(q: LiquidationRow): Promise<void> {
    const row = this.repo.loan(q.loan_id);
    if (!row || row.status !== 'liquidating') throw new Error(`loan ${q.loan_id} is not liquidating`);
    const order = this.saleOrder(row, q);
    if (order && this.spotBook) {
      const liq = (asset: string) => this.ledger.balance(system(LOAN_LIQUIDATOR, asset, 'spot')).available;
      let collBefore = 0n;
      let cashBefore = 0n;
      try {
        const next = await this.spotBook.sell(order, {
          before: () => {
            this.pendingOrThrow(row.id);
            collBefore = liq(row.collateral_asset);
            cashBefore = liq(row.loan_asset);
            this.ledger.settle({
              reference: `loans:liquidation:${row.id}`,
              reason: LOAN_REASONS.liquidation,
              holder: holders.collateral(row.id),
              account: user(row.uid, 'spot', row.collateral_asset),
              to: [{ account: system(LOAN_LIQUIDATOR, row.collateral_asset, 'spot'), amount: row.collateral }],
              meta: { loanId: row.id },
            });
          },
          after: (placed) =>
            this.settleLiquidation(row, q, {
              orderId: placed.id,
              offered: parseDecimal(order.quantity ?? '0', this.ledger.asset(row.collateral_asset).scale),
              sold: collBefore + row.collateral - liq(row.collateral_asset),
              proceeds: liq(row.loan_asset) - cashBefore,
            }),
        });
        this.push(next, 'liquidated');
        return;
      } catch (err) {
        // Refused (or its batch lost): nothing of it committed. The loan book takes the collateral instead.
        if (!(err instanceof DomainError)) throw err;
        this.log.warn({ err, loanId: row.id }, 'the spot book refused the liquidation order');
      }
    }
    const next = this.tx.run(() => {
      this.pendingOrThrow(row.id);
      return this.settleLiquidation(row, q, null);
    });
    this.push(next, 'liquidated');
  }

  private pendingOrThrow(loanId: number): void {
    if (this.repo.liquidation(loanId)?.phase !== 'pending') throw new DomainError('LOAN_LIQUIDATING');
  }

  /**
   * The IOC sell of the collateral that covers the debt at the floor price (+1 % for the fee and rounding), no
   * lower than the floor (rounded up to the tick), its quantity rounded down to the step; null without an open
   * `<collateral>_<loan>` market or when less than a step would be offered.
   */
  private saleOrder(row: LoanRow, q: LiquidationRow): NewSpotOrderBody | null {
    const market = this.spotBook?.market(`${row.collateral_asset}_${row.loan_asset}`) ?? null;
    if (!market) return null;
    const cScale = this.ledger.asset(row.collateral_asset).scale;
    const lScale = this.ledger.asset(row.loan_asset).scale;
    let step: bigint;
    let tick: bigint;
    try {
      step = parseDecimal(market.stepSize, cScale);
      tick = parseDecimal(market.tickSize, lScale);
    } catch {
      return null;
    }
    if (step <= 0n || tick <= 0n) return null;
    const offer = collateralToSell(q.principal + q.interest, row.collateral, q.floor_price, cScale);
    const quantity = offer - (offer % step);
    if (quantity <= 0n) return null;
    const price = divRound(q.floor_price, tick, 'ceil') * tick;
    return {
      symbol: `${row.collateral_asset}_${row.loan_asset}`,
      side: 'sell',
      type: 'limit',
      price: formatDecimal(price, lScale),
      quantity: formatDecimal(quantity, cScale),
      timeInForce: 'IOC',
      postOnly: false,
      selfTrade: 'cancel_taker',
    };
  }

  /**
   * Settles a liquidation (inside the caller's transaction). With a sale the collateral is in the liquidator's
   * account and `proceeds` beside it; without, it is still the loan's hold. The loan book takes, at the floor
   * price, the collateral that covers what the proceeds did not; the cash (proceeds + what the book paid) repays
   * interest (revenue) then principal (the book); what is left of cash and collateral goes back to the user; what
   * nothing covered is bad debt.
   */
  private settleLiquidation(
    row: LoanRow,
    q: LiquidationRow,
    sale: { orderId: number; offered: bigint; sold: bigint; proceeds: bigint } | null,
  ): LoanRow {
    const now = this.clock.now();
    const cScale = this.ledger.asset(row.collateral_asset).scale;
    const sold = sale?.sold ?? 0n;
    const proceeds = sale?.proceeds ?? 0n;
    const split = splitLiquidation({
      principal: q.principal,
      interest: q.interest,
      proceeds,
      collateralLeft: row.collateral - sold,
      floor: q.floor_price,
      collateralScale: cScale,
    });
    const meta = { loanId: row.id };
    const book = (asset: string) => this.bookAccount(asset);
    const userColl = user(row.uid, 'spot', row.collateral_asset);
    if (!sale) {
      const to: { account: AccountRef; amount: bigint }[] = [];
      if (split.fundTakes > 0n) to.push({ account: book(row.collateral_asset), amount: split.fundTakes });
      if (split.collateralBack > 0n) to.push({ account: userColl, amount: split.collateralBack });
      this.ledger.settle({
        reference: `loans:liquidation:${row.id}`,
        reason: LOAN_REASONS.liquidation,
        holder: holders.collateral(row.id),
        account: userColl,
        to,
        meta,
      });
    }
    // One entry for the rest: what is left in the liquidator, the book's payment, the debt, the surplus.
    const sums = new Map<string, { account: AccountRef; amount: bigint }>();
    const add = (account: AccountRef, amount: bigint) => {
      const key = JSON.stringify(account);
      const leg = sums.get(key) ?? { account, amount: 0n };
      leg.amount += amount;
      sums.set(key, leg);
    };
    if (sale) {
      add(system(LOAN_LIQUIDATOR, row.collateral_asset, 'spot'), -(row.collateral - sold));
      add(book(row.collateral_asset), split.fundTakes);
      add(userColl, split.collateralBack);
      add(system(LOAN_LIQUIDATOR, row.loan_asset, 'spot'), -proceeds);
    }
    add(book(row.loan_asset), split.principalPaid - split.fundValue);
    add(system(LOAN_INTEREST, row.loan_asset, 'spot'), split.interestPaid);
    add(user(row.uid, 'spot', row.loan_asset), split.surplus);
    const legs = [...sums.values()].filter((l) => l.amount !== 0n);
    if (legs.length > 0) {
      this.ledger.post({ reference: `loans:liquidation:cash:${row.id}`, reason: LOAN_REASONS.liquidation, meta, legs });
    }
    this.repo.saveLiquidation({
      ...q,
      phase: 'done',
      offered: sale?.offered ?? 0n,
      sold_on_book: sold,
      book_proceeds: proceeds,
      sold_to_fund: split.fundTakes,
      fund_paid: split.fundValue,
      fund: LOAN_BOOK,
      debt_repaid: split.interestPaid + split.principalPaid,
      bad_debt: split.badDebt,
      returned_collateral: split.collateralBack,
      returned_proceeds: split.surplus,
      finished_at: now,
      order_id: sale?.orderId ?? null,
    });
    const next: LoanRow = {
      ...row,
      status: 'liquidated',
      interest_units: 0n,
      interest_rem: 0n,
      interest_paid: row.interest_paid + split.interestPaid,
      repaid: row.repaid + split.principalPaid,
      principal: 0n,
      collateral: 0n,
      closed_at: now,
    };
    this.repo.saveLoan(next);
    const p = this.pricing(row.loan_asset, row.collateral_asset);
    this.repo.insertEvent({
      loan_id: row.id,
      kind: 'liquidation',
      asset: row.loan_asset,
      amount: split.interestPaid + split.principalPaid,
      interest: split.interestPaid,
      ltv: p && row.collateral > 0n ? ltvRate(q.principal + q.interest, row.collateral, p) : null,
      at: now,
    });
    this.log.info(
      { loanId: row.id, soldOnBook: sold.toString(), proceeds: proceeds.toString(), badDebt: split.badDebt.toString() },
      'loan liquidated',
    );
    return next;
  }

  // ---- operators ----------------------------------------------------------------------------------------------

  saveAsset(input: LoanableAssetInput): LoanableAsset {
    if (!this.ledger.hasAsset(input.asset)) fail('LOAN_SETTINGS_INVALID', { detail: `unknown asset ${input.asset}` });
    const amount = (v: string) => {
      try {
        return this.ledger.parseAmount(input.asset, v);
      } catch {
        return fail('LOAN_SETTINGS_INVALID', { detail: `amount ${v}` });
      }
    };
    const min = amount(input.minAmount);
    const max = amount(input.maxAmount);
    if (min <= 0n || max < min) fail('LOAN_SETTINGS_INVALID', { detail: '0 < minimum ≤ maximum' });
    const apr = percentRate(input.apr);
    this.tx.run(() =>
      this.repo.upsertAsset({
        asset: input.asset,
        apr,
        min_amount: min,
        max_amount: max,
        status: input.status,
        updated_at: this.clock.now(),
      }),
    );
    const row = this.repo.asset(input.asset);
    if (!row) throw new Error('asset not saved');
    return this.assetView(row);
  }

  saveCollateral(input: LoanCollateralInput): LoanCollateralAsset {
    if (!this.ledger.hasAsset(input.asset)) fail('LOAN_SETTINGS_INVALID', { detail: `unknown asset ${input.asset}` });
    const [initial, call, liq] = [input.initialLtv, input.marginCallLtv, input.liquidationLtv].map((v) =>
      percentRate(v),
    ) as [bigint, bigint, bigint];
    if (!(initial > 0n && initial < call && call < liq && liq < RATE_ONE)) {
      fail('LOAN_SETTINGS_INVALID', { detail: '0 < initial < margin call < liquidation < 100' });
    }
    this.tx.run(() => {
      this.repo.upsertCollateral({
        asset: input.asset,
        initial_ltv: initial,
        margin_call_ltv: call,
        liquidation_ltv: liq,
        status: input.status,
        updated_at: this.clock.now(),
      });
    });
    const row = this.repo.collateral(input.asset);
    if (!row) throw new Error('collateral not saved');
    return this.collateralView(row);
  }

  book(): LoanBook {
    const assets = new Set(this.repo.assets().map((a) => a.asset));
    const owed = new Map(this.repo.owed().map((o) => [o.asset, o]));
    const bad = this.repo.badDebt();
    return {
      account: LOAN_BOOK,
      rows: [...assets].sort().map((asset) => {
        const o = owed.get(asset);
        return {
          asset,
          available: this.fmt(asset, this.ledger.balance(this.bookAccount(asset)).available),
          lent: this.fmt(asset, o?.principal ?? 0n),
          interestOwed: this.fmt(asset, (o?.units ?? 0n) + (o?.fractions ?? 0n)),
          interestEarned: this.fmt(asset, this.ledger.balance(system(LOAN_INTEREST, asset, 'spot')).available),
          badDebt: this.fmt(asset, bad.get(asset) ?? 0n),
        };
      }),
    };
  }

  fundBook(asset: string, amountText: string, operatorId: number | null): LoanBook {
    if (!this.ledger.hasAsset(asset)) fail('ASSET_NOT_FOUND');
    const amount = this.parse(asset, amountText);
    if (amount <= 0n) fail('AMOUNT_INVALID');
    this.tx.run(() => {
      const id = this.repo.insertBudget(asset, amount, 'loan_book', operatorId, this.clock.now());
      this.ledger.transfer({
        reference: `loans:budget:${id}`,
        reason: LOAN_REASONS.budget,
        from: system(SYSTEM.treasury, asset, 'spot'),
        to: this.bookAccount(asset),
        amount,
        meta: { budgetId: id, operatorId },
      });
    });
    return this.book();
  }

  adminLoans(query: {
    uid?: number;
    status?: LoanStatusValue | 'closed';
    atRisk?: boolean;
    page: number;
    size: number;
  }) {
    if (query.atRisk) {
      const rows = this.repo
        .byStatus('open')
        .filter((r) => query.uid === undefined || r.uid === query.uid)
        .map((r) => ({ row: r, view: this.loanView(r) }))
        .filter((x) => x.view.risk !== 'healthy')
        .sort((a, b) => Number(b.view.ltv ?? 0) - Number(a.view.ltv ?? 0));
      const start = (query.page - 1) * query.size;
      return {
        list: rows.slice(start, start + query.size).map((x): AdminLoan => ({ ...x.view, uid: x.row.uid })),
        total: rows.length,
        page: query.page,
        size: query.size,
      };
    }
    const { list, total } = this.repo.page(query, query.size, (query.page - 1) * query.size);
    return {
      list: list.map((r): AdminLoan => ({ ...this.loanView(r), uid: r.uid })),
      total,
      page: query.page,
      size: query.size,
    };
  }

  adminLoan(id: number) {
    const row = this.repo.loan(id);
    if (!row) fail('LOAN_NOT_FOUND');
    return { ...this.detail(row), uid: row.uid };
  }

  totals(): LoanTotals {
    const counts = this.repo.statusCounts();
    const open = this.repo.byStatus('open');
    const atRisk = open.filter(
      (r) =>
        this.risk(r, this.repo.collateral(r.collateral_asset), this.pricing(r.loan_asset, r.collateral_asset)) !==
        'healthy',
    ).length;
    return {
      open: counts.get('open') ?? 0,
      atRisk,
      liquidating: counts.get('liquidating') ?? 0,
      borrowers: this.repo.borrowers(),
      owed: this.repo.owed().map((o) => {
        const interest = o.units + o.fractions;
        return {
          asset: o.asset,
          loans: o.n,
          principal: this.fmt(o.asset, o.principal),
          interest: this.fmt(o.asset, interest),
          debt: this.fmt(o.asset, o.principal + interest),
        };
      }),
      collateral: this.repo.collateralHeld().map((c) => ({ asset: c.asset, amount: this.fmt(c.asset, c.amount) })),
    };
  }

  /** First start: loanable coins, collateral coins and the book's first budget (once, ever). */
  seedDemo(
    assets: readonly LoanableAssetInput[],
    collateral: readonly LoanCollateralInput[],
    budgets: readonly { asset: string; amount: string }[],
  ): void {
    if (this.repo.assets().length > 0) return;
    for (const a of assets) if (this.ledger.hasAsset(a.asset)) this.saveAsset(a);
    for (const c of collateral) if (this.ledger.hasAsset(c.asset)) this.saveCollateral(c);
    for (const b of budgets) if (this.ledger.hasAsset(b.asset)) this.fundBook(b.asset, b.amount, null);
  }

  // ---- funding records ----------------------------------------------------------------------------------------

  readRecord(m: Movement, _uid: number, lang: Lang): WalletRecord {
    const kind = RECORD_KINDS[m.reason] ?? 'borrow';
    const lines = m.lines.filter((l) => l.available + l.frozen !== 0n || l.available !== 0n);
    const line = lines.find((l) => l.available !== 0n) ?? lines.find((l) => l.frozen !== 0n) ?? m.lines[0];
    if (!line) throw new Error(`loan movement ${m.entryId} has no line`);
    const amount = abs(line.available !== 0n ? line.available : line.frozen);
    return {
      key: `product:${m.entryId}`,
      type: 'product',
      id: typeof m.meta?.loanId === 'number' ? m.meta.loanId : m.entryId,
      asset: line.asset,
      amount: this.fmt(line.asset, amount),
      fee: '0',
      direction: line.available > 0n ? 'in' : 'out',
      status: 'done',
      network: null,
      txHash: null,
      fromWallet: null,
      toWallet: null,
      counterparty: null,
      product: 'loans',
      title: RECORD_TITLES[kind][lang],
      createdAt: m.createdAt,
    };
  }
}

type RecordKind = 'borrow' | 'collateral' | 'repay' | 'release' | 'liquidation';
const RECORD_KINDS: Readonly<Record<string, RecordKind>> = {
  [LOAN_REASONS.borrow]: 'borrow',
  [LOAN_REASONS.collateral]: 'collateral',
  [LOAN_REASONS.repay]: 'repay',
  [LOAN_REASONS.release]: 'release',
  [LOAN_REASONS.liquidation]: 'liquidation',
};
export const LOAN_RECORD_REASONS = Object.keys(RECORD_KINDS);

const RECORD_TITLES: Record<RecordKind, Record<Lang, string>> = {
  borrow: { en: 'Loan received', zh_CN: '借款到账', zh_HK: '借款到賬', es: 'Préstamo recibido', fr: 'Prêt reçu' },
  collateral: {
    en: 'Loan collateral pledged',
    zh_CN: '质押借贷抵押物',
    zh_HK: '質押借貸抵押物',
    es: 'Garantía del préstamo depositada',
    fr: 'Garantie du prêt déposée',
  },
  repay: { en: 'Loan repaid', zh_CN: '归还借款', zh_HK: '歸還借款', es: 'Préstamo devuelto', fr: 'Prêt remboursé' },
  release: {
    en: 'Loan collateral returned',
    zh_CN: '退还抵押物',
    zh_HK: '退還抵押物',
    es: 'Garantía devuelta',
    fr: 'Garantie restituée',
  },
  liquidation: {
    en: 'Loan liquidated',
    zh_CN: '借款被清算',
    zh_HK: '借款被清算',
    es: 'Préstamo liquidado',
    fr: 'Prêt liquidé',
  },
};

function abs(v: bigint): bigint {
  return v < 0n ? -v : v;
}

function nullableRate(v: bigint | null): string | null {
  return v === null ? null : ratePercent(v, 'ceil');
}

function nullableAmount(v: bigint | null, fmt: (v: bigint) => string): string | null {
  return v === null ? null : fmt(v);
}
