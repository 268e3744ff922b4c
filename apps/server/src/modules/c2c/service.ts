import {
  C2C_EVIDENCE_MAX,
  C2C_MAX_PAYMENT_METHODS,
  C2C_PAY_MINUTES,
  C2C_PAYMENT_TYPES,
  C2C_QR_PAYMENT_TYPES,
  C2C_RULING_REASONS,
  type C2CAd,
  type C2CAdInput,
  type C2CAppealView,
  type C2CConfig,
  type C2CFiatCode,
  type C2CFrame,
  type C2CMerchantInfo,
  type C2CMerchantStats,
  type C2CMessage,
  type C2CMyAd,
  type C2CNotification,
  type C2COrder,
  type C2COrderPaymentMethod,
  type C2CPaymentMethod,
  type C2CPaymentMethodFields,
  type C2CSettings,
  formatDecimal,
  type Lang,
  parseDecimal,
} from '@bourse/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Notifier } from '../../lib/notifier';
import type { Transactions } from '../../lib/tx';
import type { FileStore, UploadedImage } from '../../lib/uploads';
import type { AccountService } from '../account';
import { type AccountRef, type LedgerService, system, user } from '../ledger';
import type { SecurityService } from '../security';
import type { Hub } from '../../ws/hub';
import { type MailKind, mailText } from './messages';
import { amountFor, floatingPrice, formatRatio, parseRatio, quantityFor, stepOf, utcDay, valueOf } from './money';
import type {
  AdRow,
  AppealRow,
  C2CRepo,
  MerchantRow,
  MessageRow,
  OrderChange,
  OrderRow,
  PaymentMethodRow,
} from './repo';
import { type ActiveSettings, SettingsStore } from './settings';
import { type Action, type Actor, allowed, isFinal, targetOf } from './states';

/** The wallet C2C trades in: escrow, ads and the merchant deposit are holds on it. */
export const C2C_WALLET = 'fiat' as const;
/** Where forfeited merchant deposits go (revenue of the exchange). */
export const C2C_PENALTIES = 'c2c_penalties';
const DAY_MS = 86_400_000;
const STATS_DAYS_MS = 30 * DAY_MS;
const FIAT_SCALE = 2;

export const holderOf = {
  escrow: (orderId: number) => `c2c-escrow:${orderId}`,
  ad: (adId: number) => `c2c-ad:${adId}`,
  deposit: (uid: number) => `c2c-deposit:${uid}`,
};

export interface C2CDeps {
  tx: Transactions;
  repo: C2CRepo;
  clock: Clock;
  log: Logger;
  hub: Hub;
  notifier: Notifier;
  files: FileStore;
  ledger: LedgerService;
  account: AccountService;
  security: SecurityService;
  /** The asset's index price in USDT, 10^-8 (USDT itself is 1). */
  indexUsdt(asset: string): bigint | null;
}

interface Who {
  uid: number;
  role: 'buyer' | 'seller';
}

const fiat = (cents: bigint) => formatDecimal(cents, FIAT_SCALE, FIAT_SCALE);

function accountKey(text: string): string {
  return text.toLowerCase().replace(/[\s-]/g, '');
}

function nameKey(text: string): string {
  return text.toLowerCase().replace(/[\s·.,-]/g, '');
}

/**
 * C2C fiat trading (RULEBOOK "C2C"): payment methods, merchants and their deposit, ads, orders with an escrow that
 * is a named ledger hold on the seller's fiat wallet, order chat, appeals and rulings. Every order change goes
 * through the transition table (states.ts) with a compare-and-set on the order's version, in one transaction with
 * the money it implies; every time rule is the `deadlines` job.
 */
export class C2CService {
  readonly settings: SettingsStore;

  constructor(private readonly d: C2CDeps) {
    this.settings = new SettingsStore(d.repo, d.clock, d.tx);
    d.ledger.declareSystemAccount(C2C_PENALTIES, { type: 'revenue', negative: false });
  }

  private get repo(): C2CRepo {
    return this.d.repo;
  }

  private get s(): ActiveSettings {
    return this.settings.get();
  }

  // ---- configuration ----

  config(): C2CConfig {
    const s = this.s;
    return {
      assets: s.raw.assets,
      fiats: s.raw.fiats,
      paymentTypes: [...C2C_PAYMENT_TYPES],
      payMinutes: [...C2C_PAY_MINUTES],
      defaultPayMinutes: 15,
      deposit: { asset: s.depositAsset, amount: s.raw.depositAmount },
      freeCancelsPerDay: s.raw.freeCancelsPerDay,
      penaltyPercent: s.raw.penaltyPercent,
      releaseMinutes: s.raw.releaseMinutes,
      appealWindowMinutes: s.raw.appealWindowMinutes,
      floatMin: s.raw.floatMin,
      floatMax: s.raw.floatMax,
      maxOpenOrders: s.raw.maxOpenOrders,
    };
  }

  adminSettings(): C2CSettings {
    return this.s.raw;
  }

  updateSettings(raw: C2CSettings): C2CSettings {
    for (const a of raw.assets) if (!this.d.ledger.hasAsset(a.code)) throw new DomainError('ASSET_NOT_FOUND');
    if (!this.d.ledger.hasAsset(raw.depositAsset)) throw new DomainError('ASSET_NOT_FOUND');
    parseDecimal(raw.depositAmount, this.d.ledger.asset(raw.depositAsset).scale);
    return this.settings.put(raw);
  }

  /** Remembers the language a user uses the C2C pages in (their mail comes in it). */
  noteLang(uid: number, lang: Lang): void {
    if (this.repo.lang(uid) !== lang) this.d.tx.run(() => this.repo.putLang(uid, lang));
  }

  // ---- payment methods ----

  payments(uid: number): C2CPaymentMethod[] {
    return this.repo.methodsOf(uid).map(methodView);
  }

  addPayment(uid: number, fields: C2CPaymentMethodFields, qr: UploadedImage | undefined): C2CPaymentMethod {
    this.d.security.requireVerified(uid, 'FIAT_REQUIRES_VERIFICATION');
    const name = this.d.security.identity.verifiedName(uid);
    const holder = nameKey(fields.holder);
    if (
      !name ||
      (holder !== nameKey(name.familyName + name.givenName) && holder !== nameKey(name.givenName + name.familyName))
    ) {
      throw new DomainError('PAYMENT_NAME_MISMATCH');
    }
    if (fields.type === 'bank' && !fields.bankName) throw new DomainError('INVALID_PARAMS', { detail: 'bankName' });
    if (qr && !C2C_QR_PAYMENT_TYPES.includes(fields.type)) throw new DomainError('INVALID_PARAMS', { detail: 'qr' });
    const key = accountKey(fields.account);
    const stored = qr ? this.d.files.save('c2c', qr.bytes, qr.ext) : null;
    try {
      return this.d.tx.run(() => {
        if (this.repo.methodByKey(fields.type, key)) {
          throw new DomainError(fields.type === 'bank' ? 'BANK_CARD_EXISTS' : 'PAYMENT_ACCOUNT_EXISTS');
        }
        if (this.repo.methodsOf(uid).length >= C2C_MAX_PAYMENT_METHODS) throw new DomainError('PAYMENT_METHOD_LIMIT');
        const id = this.repo.insertMethod({
          uid,
          type: fields.type,
          holder: fields.holder,
          account: fields.account,
          account_key: key,
          bank_name: fields.bankName ?? null,
          branch: fields.branch ?? null,
          qr_path: stored,
          qr_mime: qr?.mime ?? null,
          created_at: this.d.clock.now(),
        });
        return methodView(this.requireMethod(id, uid));
      });
    } catch (error) {
      if (stored) this.d.files.remove(stored);
      throw error;
    }
  }

  deletePayment(uid: number, id: number): null {
    this.d.tx.run(() => {
      this.requireMethod(id, uid);
      if (this.repo.adsUsingMethod(uid, id) > 0) throw new DomainError('PAYMENT_METHOD_IN_USE');
      this.repo.deleteMethod(id, this.d.clock.now());
    });
    return null;
  }

  paymentQr(uid: number, id: number): { bytes: Buffer; mime: string } {
    const row = this.requireMethod(id, uid);
    if (!row.qr_path || !row.qr_mime) throw new DomainError('NOT_FOUND');
    return { bytes: this.d.files.read(row.qr_path), mime: row.qr_mime };
  }

  private requireMethod(id: number, uid: number): PaymentMethodRow {
    const row = this.repo.method(id);
    if (!row || row.uid !== uid || row.status !== 'active') throw new DomainError('NOT_FOUND');
    return row;
  }

  // ---- merchants ----

  merchantInfo(uid: number): C2CMerchantInfo {
    const s = this.s;
    const m = this.repo.merchant(uid);
    const asset = m?.deposit_asset ?? s.depositAsset;
    const required = m?.deposit_required ?? this.d.ledger.parseAmount(asset, s.raw.depositAmount);
    const cancels = this.repo.cancelsOn(uid, utcDay(this.d.clock.now()));
    const active = m?.status === 'active';
    return {
      status: m?.status ?? 'none',
      nickname: this.d.account.getUser(uid)?.nickname ?? null,
      rejectReason: m?.reject_reason ?? null,
      deposit: this.depositView(uid, m, asset, required),
      requirements: {
        verified: this.d.security.identity.state(uid) === 'verified',
        nickname: Boolean(this.d.account.getUser(uid)?.nickname),
        paymentMethod: this.repo.methodsOf(uid).length > 0,
        balance: this.d.ledger.formatAmount(asset, this.d.ledger.balance(user(uid, C2C_WALLET, asset)).available),
      },
      cancelsToday: cancels,
      freeCancelsPerDay: s.raw.freeCancelsPerDay,
      nextCancelPenalty:
        active && cancels >= s.raw.freeCancelsPerDay ? this.d.ledger.formatAmount(asset, this.penaltyOf(uid)) : null,
      openOrders: this.repo.openOrdersOf(uid),
      stats: m ? this.stats(uid) : null,
      appliedAt: m?.applied_at ?? null,
      approvedAt: m?.status === 'active' || m?.status === 'resigning' ? (m.decided_at ?? null) : null,
    };
  }

  private depositView(uid: number, m: MerchantRow | undefined, asset: string, required: bigint) {
    const held = this.d.ledger.holdOf(holderOf.deposit(uid))?.amount ?? 0n;
    return {
      asset,
      required: this.d.ledger.formatAmount(asset, required),
      held: this.d.ledger.formatAmount(asset, held),
      forfeited: this.d.ledger.formatAmount(asset, m?.deposit_forfeited ?? 0n),
      status: m?.deposit_status ?? null,
      paidAt: m?.paid_at ?? null,
      refundedAt: m?.refunded_at ?? null,
    };
  }

  applyMerchant(uid: number, nickname: string | undefined, claim: () => void, bot = false): C2CMerchantInfo {
    if (!bot) this.d.security.requireVerified(uid, 'FIAT_REQUIRES_VERIFICATION');
    if (nickname) this.d.account.setNickname(uid, nickname);
    if (!this.d.account.getUser(uid)?.nickname) throw new DomainError('NICKNAME_REQUIRED');
    this.d.tx.run(() => {
      const m = this.repo.merchant(uid);
      if (m && (m.status === 'pending' || m.status === 'active' || m.status === 'resigning')) {
        throw new DomainError('MERCHANT_EXISTS');
      }
      if (this.repo.methodsOf(uid).length === 0) throw new DomainError('PAYMENT_METHOD_REQUIRED');
      const s = this.s;
      const required = this.d.ledger.parseAmount(s.depositAsset, s.raw.depositAmount);
      const now = this.d.clock.now();
      claim();
      this.repo.insertMerchant({ uid, asset: s.depositAsset, required, bot: bot ? 1 : 0, now });
      const held = this.d.ledger.holdOf(holderOf.deposit(uid))?.amount ?? 0n;
      if (required > held) this.holdDeposit(uid, s.depositAsset, required - held, 'pay', now);
    });
    return this.merchantInfo(uid);
  }

  private holdDeposit(uid: number, asset: string, amount: bigint, kind: 'pay' | 'top_up', now: number): void {
    const account = user(uid, C2C_WALLET, asset);
    if (this.d.ledger.balance(account).available < amount) {
      throw new DomainError('DEPOSIT_TOO_LOW', { required: this.d.ledger.formatAmount(asset, amount), asset });
    }
    this.d.ledger.hold({
      reference: `c2c:deposit:${kind}:${uid}:${now}:${this.repo.depositEventCount(uid, null)}`,
      reason: 'c2c.deposit.pay',
      account,
      holder: holderOf.deposit(uid),
      amount,
    });
    this.repo.insertDepositEvent({ uid, kind, asset, amount, order_id: null, created_at: now });
  }

  topUpDeposit(uid: number, claim: () => void): C2CMerchantInfo {
    this.d.tx.run(() => {
      const m = this.repo.merchant(uid);
      if (!m || (m.status !== 'active' && m.status !== 'pending')) throw new DomainError('MERCHANT_REQUIRED');
      const held = this.d.ledger.holdOf(holderOf.deposit(uid))?.amount ?? 0n;
      if (held >= m.deposit_required) throw new DomainError('ALREADY_HANDLED');
      claim();
      this.holdDeposit(uid, m.deposit_asset, m.deposit_required - held, 'top_up', this.d.clock.now());
    });
    return this.merchantInfo(uid);
  }

  resignMerchant(uid: number): C2CMerchantInfo {
    this.d.tx.run(() => {
      const m = this.repo.merchant(uid);
      if (!m || m.status !== 'active') throw new DomainError('MERCHANT_REQUIRED');
      const now = this.d.clock.now();
      for (const ad of this.repo.listedAdsOf(uid)) this.unlistAd(ad, null, now);
      this.repo.setMerchant({
        uid,
        from: 'active',
        status: 'resigning',
        deposit_status: 'returning',
        decided_at: m.decided_at,
        decided_by: m.decided_by,
        reject_reason: null,
        resigned_at: now,
        refunded_at: null,
      });
      this.finishResign(uid, now);
    });
    return this.merchantInfo(uid);
  }

  /** A resigning merchant's deposit returns once none of their orders is open. */
  private finishResign(uid: number, now: number): boolean {
    const m = this.repo.merchant(uid);
    if (!m || m.status !== 'resigning' || this.repo.openOrdersOf(uid) > 0) return false;
    this.refundDeposit(uid, m.deposit_asset, now);
    this.repo.setMerchant({
      uid,
      from: 'resigning',
      status: 'resigned',
      deposit_status: 'refunded',
      decided_at: m.decided_at,
      decided_by: m.decided_by,
      reject_reason: null,
      resigned_at: m.resigned_at,
      refunded_at: now,
    });
    return true;
  }

  private refundDeposit(uid: number, asset: string, now: number): void {
    const held = this.d.ledger.holdOf(holderOf.deposit(uid))?.amount ?? 0n;
    if (held === 0n) return;
    this.d.ledger.release({
      reference: `c2c:deposit:refund:${uid}:${now}`,
      reason: 'c2c.deposit.refund',
      holder: holderOf.deposit(uid),
    });
    this.repo.insertDepositEvent({ uid, kind: 'refund', asset, amount: held, order_id: null, created_at: now });
  }

  approveMerchant(operatorId: number, uid: number) {
    const m = this.repo.merchant(uid);
    if (!m) throw new DomainError('NOT_FOUND');
    if (m.status !== 'pending') throw new DomainError('ALREADY_HANDLED');
    this.repo.setMerchant({
      uid,
      from: 'pending',
      status: 'active',
      deposit_status: 'paid',
      decided_at: this.d.clock.now(),
      decided_by: operatorId,
      reject_reason: null,
      resigned_at: null,
      refunded_at: null,
    });
    return this.adminMerchant(uid);
  }

  rejectMerchant(operatorId: number, uid: number, reason: string) {
    const m = this.repo.merchant(uid);
    if (!m) throw new DomainError('NOT_FOUND');
    if (m.status !== 'pending') throw new DomainError('ALREADY_HANDLED');
    const now = this.d.clock.now();
    this.refundDeposit(uid, m.deposit_asset, now);
    this.repo.setMerchant({
      uid,
      from: 'pending',
      status: 'rejected',
      deposit_status: 'refunded',
      decided_at: now,
      decided_by: operatorId,
      reject_reason: reason,
      resigned_at: null,
      refunded_at: now,
    });
    return this.adminMerchant(uid);
  }

  private requireActiveMerchant(uid: number): MerchantRow {
    const m = this.repo.merchant(uid);
    if (!m || m.status !== 'active') throw new DomainError('MERCHANT_REQUIRED');
    const held = this.d.ledger.holdOf(holderOf.deposit(uid))?.amount ?? 0n;
    if (held < m.deposit_required) {
      throw new DomainError('DEPOSIT_TOO_LOW', {
        required: this.d.ledger.formatAmount(m.deposit_asset, m.deposit_required),
        asset: m.deposit_asset,
      });
    }
    return m;
  }

  stats(uid: number): C2CMerchantStats {
    const since = this.d.clock.now() - STATS_DAYS_MS;
    const row = this.repo.stats(uid, since);
    const completed = Number(row.completed ?? 0);
    const faults = Number(row.faults ?? 0);
    const m = this.repo.merchant(uid);
    return {
      nickname: this.d.account.getUser(uid)?.nickname ?? `user${uid}`,
      merchant: m?.status === 'active' || m?.status === 'resigning',
      completedOrders: completed,
      completionRate:
        completed + faults === 0
          ? null
          : formatDecimal(BigInt(Math.floor((completed * 10000) / (completed + faults))), 2, 2),
      avgReleaseSeconds:
        row.release_ms === null || row.release_ms === undefined ? null : Math.round(Number(row.release_ms) / 1000),
      avgPaySeconds: row.pay_ms === null ? null : Math.round(Number(row.pay_ms) / 1000),
    };
  }

  // ---- ads ----

  private precisionOf(asset: string): number {
    const p = this.s.precision.get(asset);
    if (p === undefined || !this.d.ledger.hasAsset(asset)) throw new DomainError('ASSET_NOT_FOUND');
    return p;
  }

  /** The price of an ad now, in cents (null: no reference price for a floating ad). */
  priceOf(ad: Pick<AdRow, 'price_type' | 'fixed_price' | 'float_ratio' | 'asset' | 'fiat'>): bigint | null {
    if (ad.price_type === 'fixed') return ad.fixed_price;
    const index = this.d.indexUsdt(ad.asset);
    const rate = this.s.rates.get(ad.fiat);
    if (index === null || rate === undefined || ad.float_ratio === null) return null;
    const price = floatingPrice(index, rate, ad.float_ratio);
    return price > 0n ? price : null;
  }

  private checkAdInput(uid: number, input: Omit<C2CAdInput, 'list' | 'requestId'>) {
    const precision = this.precisionOf(input.asset);
    if (!this.s.rates.has(input.fiat)) throw new DomainError('INVALID_PARAMS', { detail: 'fiat' });
    const scale = this.d.ledger.asset(input.asset).scale;
    const total = parseDecimal(input.total, scale);
    if (total <= 0n || total % stepOf(scale, precision) !== 0n) throw new DomainError('AMOUNT_PRECISION');
    const min = parseDecimal(input.minAmount, FIAT_SCALE);
    const max = parseDecimal(input.maxAmount, FIAT_SCALE);
    if (min <= 0n) throw new DomainError('MIN_PRICE_NEGATIVE');
    if (max < min) throw new DomainError('AD_LIMITS_INVALID');
    let fixed: bigint | null = null;
    let ratio: bigint | null = null;
    if (input.priceType === 'fixed') {
      if (!input.fixedPrice) throw new DomainError('INVALID_PARAMS', { detail: 'fixedPrice' });
      fixed = parseDecimal(input.fixedPrice, FIAT_SCALE);
      if (fixed <= 0n) throw new DomainError('MIN_PRICE_NEGATIVE');
    } else {
      if (!input.floatRatio) throw new DomainError('INVALID_PARAMS', { detail: 'floatRatio' });
      ratio = parseRatio(input.floatRatio);
      if (ratio < this.s.floatMin || ratio > this.s.floatMax) {
        throw new DomainError('AD_FLOAT_RANGE', { min: this.s.raw.floatMin, max: this.s.raw.floatMax });
      }
    }
    const price = this.priceOf({
      price_type: input.priceType,
      fixed_price: fixed,
      float_ratio: ratio,
      asset: input.asset,
      fiat: input.fiat,
    });
    if (price === null) throw new DomainError('PRICE_UNAVAILABLE');
    // The whole ad must be worth at least one minimum order.
    if (valueOf(total, price, scale) < min) throw new DomainError('MIN_QUANTITY_ABOVE_TOTAL');
    const methods = [...new Set(input.paymentMethodIds)];
    for (const id of methods) {
      const m = this.repo.method(id);
      if (!m || m.uid !== uid || m.status !== 'active') throw new DomainError('PAYMENT_METHOD_NOT_ALLOWED');
    }
    if (!(C2C_PAY_MINUTES as readonly number[]).includes(input.payMinutes)) {
      throw new DomainError('INVALID_PARAMS', { detail: 'payMinutes' });
    }
    return {
      uid,
      side: input.side,
      asset: input.asset,
      fiat: input.fiat,
      price_type: input.priceType,
      fixed_price: fixed,
      float_ratio: ratio,
      total,
      min_amount: min,
      max_amount: max,
      methods: JSON.stringify(methods),
      pay_minutes: input.payMinutes,
      terms: input.terms,
      now: this.d.clock.now(),
    };
  }

  myAds(uid: number): C2CMyAd[] {
    return this.repo.adsOf(uid).map((ad) => this.myAdView(ad));
  }

  createAd(uid: number, input: C2CAdInput, claim: () => void): C2CMyAd {
    return this.d.tx.run(() => {
      this.requireActiveMerchant(uid);
      const row = this.checkAdInput(uid, input);
      claim();
      const id = this.repo.insertAd(row);
      if (input.list) this.listAdRow(this.requireAd(id), row.now);
      return this.myAdView(this.requireAd(id));
    });
  }

  updateAd(uid: number, input: Omit<C2CAdInput, 'list'> & { id: number }): C2CMyAd {
    return this.d.tx.run(() => {
      const ad = this.requireOwnAd(uid, input.id);
      if (ad.status !== 'withdrawn') throw new DomainError('AD_EDIT_LISTED');
      const row = this.checkAdInput(uid, input);
      const taken = ad.total - ad.remaining;
      if (row.total <= taken) throw new DomainError('MIN_QUANTITY_ABOVE_TOTAL');
      this.repo.updateAd({ ...row, id: ad.id, remaining: row.total - taken });
      return this.myAdView(this.requireAd(ad.id));
    });
  }

  listAd(uid: number, id: number, claim: () => void): C2CMyAd {
    return this.d.tx.run(() => {
      this.requireActiveMerchant(uid);
      const ad = this.requireOwnAd(uid, id);
      if (ad.status === 'listed') throw new DomainError('ALREADY_HANDLED');
      if (ad.remaining === 0n) throw new DomainError('AD_NOT_AVAILABLE');
      claim();
      this.listAdRow(ad, this.d.clock.now());
      return this.myAdView(this.requireAd(id));
    });
  }

  private listAdRow(ad: AdRow, now: number): void {
    if (ad.side === 'sell') {
      const account = user(ad.uid, C2C_WALLET, ad.asset);
      if (this.d.ledger.balance(account).available < ad.remaining) throw new DomainError('INSUFFICIENT_BALANCE');
      this.d.ledger.hold({
        reference: `c2c:ad:list:${ad.id}:${now}:${ad.updated_at}`,
        reason: 'c2c.ad.list',
        account,
        holder: holderOf.ad(ad.id),
        amount: ad.remaining,
      });
    }
    if (!this.repo.setAdStatus(ad.id, 'withdrawn', 'listed', null, now)) throw new DomainError('ORDER_STATE_CHANGED');
  }

  withdrawAd(uid: number, id: number): C2CMyAd {
    return this.d.tx.run(() => {
      const ad = this.requireOwnAd(uid, id);
      if (ad.status !== 'listed') throw new DomainError('ALREADY_HANDLED');
      this.unlistAd(ad, null, this.d.clock.now());
      return this.myAdView(this.requireAd(id));
    });
  }

  takeDownAd(id: number, reason: string): C2CMyAd {
    const ad = this.requireAd(id);
    if (ad.status !== 'listed') throw new DomainError('ALREADY_HANDLED');
    this.unlistAd(ad, reason, this.d.clock.now());
    return this.myAdView(this.requireAd(id));
  }

  /** Offline: a sell ad's remainder returns to the fiat wallet (open orders keep their own escrow). */
  private unlistAd(ad: AdRow, reason: string | null, now: number): void {
    if (ad.side === 'sell' && ad.remaining > 0n) {
      this.d.ledger.release({
        reference: `c2c:ad:withdraw:${ad.id}:${now}:${ad.updated_at}`,
        reason: 'c2c.ad.withdraw',
        holder: holderOf.ad(ad.id),
        amount: ad.remaining,
      });
    }
    if (!this.repo.setAdStatus(ad.id, 'listed', 'withdrawn', reason, now)) throw new DomainError('ORDER_STATE_CHANGED');
  }

  private requireAd(id: number): AdRow {
    const ad = this.repo.ad(id);
    if (!ad) throw new DomainError('NOT_FOUND');
    return ad;
  }

  private requireOwnAd(uid: number, id: number): AdRow {
    const ad = this.repo.ad(id);
    if (!ad || ad.uid !== uid) throw new DomainError('NOT_FOUND');
    return ad;
  }

  private adView(ad: AdRow): C2CAd {
    const price = this.priceOf(ad);
    const scale = this.d.ledger.asset(ad.asset).scale;
    const worth = price === null ? null : valueOf(ad.remaining, price, scale);
    const availableMax = worth === null ? null : worth < ad.max_amount ? worth : ad.max_amount;
    const methods = (JSON.parse(ad.methods) as number[])
      .map((id) => this.repo.method(id))
      .filter((m) => m !== undefined);
    return {
      id: ad.id,
      side: ad.side,
      asset: ad.asset,
      fiat: ad.fiat as C2CFiatCode,
      priceType: ad.price_type,
      fixedPrice: ad.fixed_price === null ? null : fiat(ad.fixed_price),
      floatRatio: ad.float_ratio === null ? null : formatRatio(ad.float_ratio),
      price: price === null ? null : fiat(price),
      total: this.d.ledger.formatAmount(ad.asset, ad.total),
      remaining: this.d.ledger.formatAmount(ad.asset, ad.remaining),
      minAmount: fiat(ad.min_amount),
      maxAmount: fiat(ad.max_amount),
      availableMax: availableMax === null ? null : fiat(availableMax),
      paymentTypes: [...new Set(methods.map((m) => m.type))],
      payMinutes: ad.pay_minutes,
      terms: ad.terms,
      status: ad.status,
      exhausted: worth === null || worth < ad.min_amount,
      merchant: { ...this.stats(ad.uid), uid: ad.uid },
      createdAt: ad.created_at,
      updatedAt: ad.updated_at,
    };
  }

  private myAdView(ad: AdRow): C2CMyAd {
    return {
      ...this.adView(ad),
      paymentMethodIds: JSON.parse(ad.methods) as number[],
      openOrders: this.repo.openOrdersOfAd(ad.id),
    };
  }

  /** Listed ads for the user's side, best price first, those that can take an order now. */
  offers(query: {
    trade: 'buy' | 'sell';
    asset: string;
    fiat: string;
    amount?: string;
    payment?: string;
    page: number;
    size: number;
  }) {
    const adSide = query.trade === 'buy' ? 'sell' : 'buy';
    const amount = query.amount ? parseDecimal(query.amount, FIAT_SCALE) : null;
    const views = this.repo
      .listedAds(adSide, query.asset, query.fiat)
      .map((ad) => this.adView(ad))
      .filter((ad) => !ad.exhausted && ad.price !== null)
      .filter((ad) => !query.payment || ad.paymentTypes.includes(query.payment as C2CAd['paymentTypes'][number]))
      .filter((ad) => {
        if (amount === null) return true;
        return (
          amount >= parseDecimal(ad.minAmount, FIAT_SCALE) && amount <= parseDecimal(ad.availableMax ?? '0', FIAT_SCALE)
        );
      })
      .sort((a, b) => {
        const pa = parseDecimal(a.price ?? '0', FIAT_SCALE);
        const pb = parseDecimal(b.price ?? '0', FIAT_SCALE);
        const cmp = pa === pb ? 0 : pa < pb ? -1 : 1;
        return (query.trade === 'buy' ? cmp : -cmp) || a.id - b.id;
      });
    const start = (query.page - 1) * query.size;
    return { list: views.slice(start, start + query.size), total: views.length, page: query.page, size: query.size };
  }

  publicAd(id: number): C2CAd {
    const ad = this.requireAd(id);
    if (ad.status !== 'listed') throw new DomainError('AD_NOT_AVAILABLE');
    return this.adView(ad);
  }

  quote(query: {
    trade: 'buy' | 'sell';
    asset: string;
    fiat: string;
    amount?: string;
    quantity?: string;
    payment?: string;
  }) {
    if (!query.amount && !query.quantity) throw new DomainError('INVALID_PARAMS', { detail: 'amount or quantity' });
    const offers = this.offers({
      trade: query.trade,
      asset: query.asset,
      fiat: query.fiat,
      payment: query.payment,
      page: 1,
      size: 500,
    }).list;
    const scale = this.d.ledger.asset(query.asset).scale;
    const step = stepOf(scale, this.precisionOf(query.asset));
    for (const ad of offers) {
      const price = parseDecimal(ad.price ?? '0', FIAT_SCALE);
      const sized = this.size(price, scale, step, query.amount, query.quantity);
      if (!sized) continue;
      const min = parseDecimal(ad.minAmount, FIAT_SCALE);
      const max = parseDecimal(ad.availableMax ?? '0', FIAT_SCALE);
      if (sized.amount < min || sized.amount > max) continue;
      return {
        ad,
        price: ad.price,
        quantity: this.d.ledger.formatAmount(query.asset, sized.quantity),
        amount: fiat(sized.amount),
      };
    }
    return { ad: null, price: null, quantity: null, amount: null };
  }

  private size(price: bigint, scale: number, step: bigint, amount?: string, quantity?: string) {
    if (quantity) {
      const q = parseDecimal(quantity, scale);
      if (q <= 0n || q % step !== 0n) return null;
      return { quantity: q, amount: amountFor(q, price, scale) };
    }
    const a = parseDecimal(amount ?? '0', FIAT_SCALE);
    const q = quantityFor(a, price, scale, step);
    if (q <= 0n) return null;
    // The order is for the quantity; its fiat amount is that quantity's worth (≤ what was asked, by < one step).
    return { quantity: q, amount: amountFor(q, price, scale) };
  }

  // ---- orders ----

  createOrder(
    uid: number,
    body: { adId: number; amount?: string; quantity?: string; paymentMethodId?: number },
    claim: () => void,
  ): C2COrder {
    this.d.security.requireVerified(uid, 'FIAT_REQUIRES_VERIFICATION');
    const orderId = this.d.tx.run(() => {
      const ad = this.requireAd(body.adId);
      if (ad.status !== 'listed') throw new DomainError('AD_NOT_AVAILABLE');
      if (ad.uid === uid) throw new DomainError('CANNOT_ORDER_OWN_AD');
      const s = this.s;
      if (this.repo.openOrdersAsTaker(uid) >= s.raw.maxOpenOrders) {
        throw new DomainError('OPEN_ORDER_LIMIT', { max: s.raw.maxOpenOrders });
      }
      if (!body.amount && !body.quantity) throw new DomainError('INVALID_PARAMS', { detail: 'amount or quantity' });
      const price = this.priceOf(ad);
      if (price === null) throw new DomainError('PRICE_UNAVAILABLE');
      const scale = this.d.ledger.asset(ad.asset).scale;
      const step = stepOf(scale, this.precisionOf(ad.asset));
      const sized = this.size(price, scale, step, body.amount, body.quantity);
      if (!sized) throw new DomainError('ORDER_AMOUNT_OUT_OF_RANGE');
      const worth = valueOf(ad.remaining, price, scale);
      const max = worth < ad.max_amount ? worth : ad.max_amount;
      if (sized.amount < ad.min_amount || sized.amount > max || sized.quantity > ad.remaining) {
        throw new DomainError('ORDER_AMOUNT_OUT_OF_RANGE');
      }
      const adMethods = JSON.parse(ad.methods) as number[];
      const buyer = ad.side === 'sell' ? uid : ad.uid;
      const seller = ad.side === 'sell' ? ad.uid : uid;
      // Where the buyer pays: the seller's accounts. On a buy ad the taker (seller) names one of theirs of a type
      // the ad accepts.
      let methods: PaymentMethodRow[];
      if (ad.side === 'sell') {
        methods = adMethods
          .map((id) => this.repo.method(id))
          .filter((m): m is PaymentMethodRow => m?.status === 'active');
      } else {
        if (!body.paymentMethodId) throw new DomainError('PAYMENT_METHOD_REQUIRED');
        const mine = this.repo.method(body.paymentMethodId);
        if (!mine || mine.uid !== uid || mine.status !== 'active') throw new DomainError('PAYMENT_METHOD_NOT_ALLOWED');
        const accepted = new Set(adMethods.map((id) => this.repo.method(id)?.type));
        if (!accepted.has(mine.type)) throw new DomainError('PAYMENT_METHOD_NOT_ALLOWED');
        methods = [mine];
      }
      if (methods.length === 0) throw new DomainError('PAYMENT_METHOD_NOT_ALLOWED');
      const now = this.d.clock.now();
      claim();
      const id = this.repo.insertOrder({
        ad_id: ad.id,
        maker_uid: ad.uid,
        taker_uid: uid,
        buyer_uid: buyer,
        seller_uid: seller,
        asset: ad.asset,
        fiat: ad.fiat,
        price,
        quantity: sized.quantity,
        amount: sized.amount,
        pay_by: now + ad.pay_minutes * 60_000,
        payment_methods: JSON.stringify(methods.map(snapshotMethod)),
        terms: ad.terms,
        created_at: now,
      });
      this.repo.setAdRemaining(ad.id, ad.remaining - sized.quantity, now);
      const escrow = holderOf.escrow(id);
      const sellerAccount = user(seller, C2C_WALLET, ad.asset);
      if (ad.side === 'sell') {
        // The ad's hold hands the order's part to the order's escrow (both frozen on the seller's fiat wallet).
        this.d.ledger.settle({
          reference: `c2c:escrow:${id}`,
          reason: 'c2c.escrow.hold',
          holder: holderOf.ad(ad.id),
          to: [{ account: sellerAccount, amount: sized.quantity, bucket: 'frozen', holder: escrow }],
          meta: { orderId: id },
        });
      } else {
        if (this.d.ledger.balance(sellerAccount).available < sized.quantity)
          throw new DomainError('INSUFFICIENT_BALANCE');
        this.d.ledger.hold({
          reference: `c2c:escrow:${id}`,
          reason: 'c2c.escrow.hold',
          account: sellerAccount,
          holder: escrow,
          amount: sized.quantity,
          meta: { orderId: id },
        });
      }
      this.repo.insertEvent({
        order_id: id,
        version: 1,
        action: 'create',
        from_state: 'unpaid',
        to_state: 'unpaid',
        actor: uid === buyer ? 'buyer' : 'seller',
        actor_id: uid,
        note: null,
        at: now,
      });
      this.systemMessage(id, 'created', now);
      const order = this.requireOrder(id);
      this.notify(order, ad.uid, 'created', now);
      this.pushOrder(order);
      return id;
    });
    return this.orderView(this.requireOrder(orderId), uid);
  }

  orders(uid: number, query: { tab: 'open' | 'done' | 'all'; page: number; size: number }) {
    const rows = this.repo.ordersOf(uid, query.tab, query.size, (query.page - 1) * query.size);
    return {
      list: rows.map((row) => this.orderView(row, uid)),
      total: this.repo.orderCountOf(uid, query.tab),
      page: query.page,
      size: query.size,
    };
  }

  order(uid: number, id: number): C2COrder {
    return this.orderView(this.requireOwnOrder(uid, id).order, uid);
  }

  pay(uid: number, body: { id: number; paymentMethodId: number; version?: number }): C2COrder {
    return this.act(uid, body.id, 'pay', body.version, (order) => {
      const methods = JSON.parse(order.payment_methods) as C2COrderPaymentMethod[];
      if (!methods.some((m) => m.id === body.paymentMethodId)) throw new DomainError('PAYMENT_METHOD_NOT_ALLOWED');
      return { paid_method_id: body.paymentMethodId };
    });
  }

  cancel(uid: number, body: { id: number; notPaid: boolean; acceptPenalty: boolean; version?: number }): C2COrder {
    return this.act(uid, body.id, 'cancel', body.version, (order) => {
      if (order.state !== 'unpaid' && !body.notPaid) throw new DomainError('CONFIRM_NOT_PAID');
      const penalty = this.cancelPenaltyFor(order.buyer_uid);
      if (penalty !== null && !body.acceptPenalty) throw new DomainError('MERCHANT_CANCEL_PENALTY');
      return { cancel_kind: 'buyer' };
    });
  }

  async release(
    uid: number,
    body: { id: number; fundPassword: string; twoFactorCode?: string; version?: number },
    claim: () => void,
  ): Promise<C2COrder> {
    const { order } = this.requireOwnOrder(uid, body.id);
    if (order.seller_uid !== uid) throw new DomainError('UNAUTHORIZED_OPERATION');
    if (!allowed('release', order.state, 'seller')) throw new DomainError('ORDER_STATE_CHANGED');
    await this.d.account.verifyFundPassword(uid, body.fundPassword);
    this.d.account.requireSecondFactor(uid, body.twoFactorCode);
    return this.act(uid, body.id, 'release', body.version, () => {
      claim();
      return {};
    });
  }

  /** The bot (demo merchant) releases without a password: it is the exchange acting on its own capital. */
  private botAct(uid: number, id: number, action: 'release' | 'pay'): void {
    const order = this.requireOrder(id);
    const methods = JSON.parse(order.payment_methods) as C2COrderPaymentMethod[];
    this.act(uid, id, action, order.version, () =>
      action === 'pay' ? { paid_method_id: methods[0]?.id ?? null } : {},
    );
  }

  appeal(uid: number, id: number, reason: string, images: UploadedImage[]): C2COrder {
    const { order, who } = this.requireOwnOrder(uid, id);
    if (!allowed('appeal', order.state, who.role)) throw new DomainError('APPEAL_NOT_ALLOWED');
    const stored = images.map((img) => ({ path: this.d.files.save('c2c', img.bytes, img.ext), mime: img.mime }));
    try {
      return this.act(uid, id, 'appeal', order.version, (row, now) => {
        const appealId = this.repo.insertAppeal({
          order_id: id,
          opened_by: who.role,
          opened_uid: uid,
          reason,
          from_state: row.state as 'paid' | 'timed_out',
          created_at: now,
        });
        for (const file of stored) {
          this.repo.insertEvidence({
            appeal_id: appealId,
            order_id: id,
            by_role: who.role,
            uid,
            note: null,
            image_path: file.path,
            image_mime: file.mime,
            created_at: now,
          });
        }
        return { appeal_from: row.state as 'paid' | 'timed_out' };
      });
    } catch (error) {
      for (const file of stored) this.d.files.remove(file.path);
      throw error;
    }
  }

  evidence(uid: number, id: number, note: string | undefined, image: UploadedImage): C2COrder {
    const { order, who } = this.requireOwnOrder(uid, id);
    const appeal = this.repo.openAppeal(id);
    if (order.state !== 'appeal' || !appeal) throw new DomainError('APPEAL_NOT_ALLOWED');
    if (this.repo.evidenceCount(id, who.role) >= C2C_EVIDENCE_MAX) throw new DomainError('EVIDENCE_LIMIT');
    const path = this.d.files.save('c2c', image.bytes, image.ext);
    try {
      this.d.tx.run(() => {
        this.repo.insertEvidence({
          appeal_id: appeal.id,
          order_id: id,
          by_role: who.role,
          uid,
          note: note ?? null,
          image_path: path,
          image_mime: image.mime,
          created_at: this.d.clock.now(),
        });
      });
    } catch (error) {
      this.d.files.remove(path);
      throw error;
    }
    return this.orderView(this.requireOrder(id), uid);
  }

  withdrawAppeal(uid: number, body: { id: number; version?: number }): C2COrder {
    return this.act(uid, body.id, 'withdraw_appeal', body.version, () => {
      const appeal = this.repo.openAppeal(body.id);
      if (!appeal || appeal.opened_uid !== uid) throw new DomainError('UNAUTHORIZED_OPERATION');
      return {};
    });
  }

  rule(operatorId: number, id: number, body: { outcome: 'release' | 'return'; reasonCode: string; note: string }) {
    const reasons = C2C_RULING_REASONS[body.outcome] as readonly string[];
    if (!reasons.includes(body.reasonCode)) throw new DomainError('RULING_REASON_INVALID');
    const order = this.requireOrder(id);
    this.transition(
      order,
      body.outcome === 'release' ? 'rule_release' : 'rule_return',
      'operator',
      operatorId,
      order.version,
      {
        note: body.note || null,
        reasonCode: body.reasonCode,
      },
    );
    return this.adminOrder(id);
  }

  /** What a third (or later) cancellation today would cost a merchant buyer (null: free, or not a merchant). */
  private cancelPenaltyFor(uid: number): bigint | null {
    const m = this.repo.merchant(uid);
    if (!m || m.status !== 'active' || m.bot) return null;
    if (this.repo.cancelsOn(uid, utcDay(this.d.clock.now())) < this.s.raw.freeCancelsPerDay) return null;
    const penalty = this.penaltyOf(uid);
    return penalty > 0n ? penalty : null;
  }

  private penaltyOf(uid: number): bigint {
    const m = this.repo.merchant(uid);
    if (!m) return 0n;
    const held = this.d.ledger.holdOf(holderOf.deposit(uid))?.amount ?? 0n;
    const due = (m.deposit_required * BigInt(this.s.raw.penaltyPercent)) / 100n;
    return due < held ? due : held;
  }

  /** A user's action on their order, checked against the table, in one transaction. */
  private act(
    uid: number,
    id: number,
    action: Action,
    version: number | undefined,
    extra: (order: OrderRow, now: number) => Partial<OrderChange>,
  ): C2COrder {
    this.d.tx.run(() => {
      const { order, who } = this.requireOwnOrder(uid, id);
      if (version !== undefined && version !== order.version) throw new DomainError('ORDER_STATE_CHANGED');
      if (!allowed(action, order.state, who.role)) {
        if (action === 'appeal') throw new DomainError('APPEAL_NOT_ALLOWED');
        throw new DomainError('ORDER_STATE_CHANGED');
      }
      this.transition(order, action, who.role, uid, order.version, { extra });
    });
    return this.orderView(this.requireOrder(id), uid);
  }

  /**
   * Applies one transition: the state, the deadline and the money of the target state, the event, the chat line
   * and the notifications. Must run inside a transaction; refuses (ORDER_STATE_CHANGED) when the order moved on.
   */
  private transition(
    order: OrderRow,
    action: Action,
    actor: Actor,
    actorId: number | null,
    version: number,
    opts: { extra?: (order: OrderRow, now: number) => Partial<OrderChange>; note?: string | null; reasonCode?: string },
  ): void {
    const run = () => {
      if (!allowed(action, order.state, actor)) throw new DomainError('ORDER_STATE_CHANGED');
      const now = this.d.clock.now();
      const extra = opts.extra ? opts.extra(order, now) : {};
      const appealFrom = extra.appeal_from ?? order.appeal_from;
      const to = targetOf(action, appealFrom);
      const s = this.s;
      const change: OrderChange = {
        state: to,
        deadline: null,
        pay_by: order.pay_by,
        release_by: order.release_by,
        appeal_until: order.appeal_until,
        paid_method_id: order.paid_method_id,
        appeal_from: order.appeal_from,
        cancel_kind: order.cancel_kind,
        paid_at: order.paid_at,
        finished_at: null,
        ...extra,
      };
      if (to === 'paid') {
        if (action === 'pay') {
          change.paid_at = now;
          change.release_by = now + s.releaseMs;
        } else if (change.release_by === null || change.release_by <= now) {
          // Back from an appeal: the seller gets a fresh release window.
          change.release_by = now + s.releaseMs;
        }
        change.deadline = change.release_by;
        change.appeal_from = null;
      } else if (to === 'timed_out') {
        if (action === 'expire') {
          change.appeal_until = now + s.appealWindowMs;
          change.cancel_kind = 'timeout';
        } else if (change.appeal_until === null || change.appeal_until <= now) {
          change.appeal_until = now + s.appealWindowMs;
        }
        change.deadline = change.appeal_until;
        change.appeal_from = null;
      } else if (to === 'appeal') {
        change.appeal_from = appealFrom ?? (order.state as 'paid' | 'timed_out');
        change.deadline = null;
      } else if (to === 'completed' || to === 'cancelled') {
        change.finished_at = now;
        change.appeal_from = null;
        if (to === 'cancelled' && change.cancel_kind === null)
          change.cancel_kind = action === 'rule_return' ? 'operator' : 'buyer';
      }
      if (!this.repo.transition(order.id, version, change)) throw new DomainError('ORDER_STATE_CHANGED');
      this.repo.insertEvent({
        order_id: order.id,
        version: version + 1,
        action,
        from_state: order.state,
        to_state: to,
        actor,
        actor_id: actorId,
        note: opts.reasonCode ? `${opts.reasonCode}${opts.note ? `: ${opts.note}` : ''}` : (opts.note ?? null),
        at: now,
      });
      // Money of the target state.
      if (to === 'completed') this.settleEscrow(order, now);
      if (to === 'cancelled') this.returnEscrow(order, now);
      // The appeal's end.
      if (order.state === 'appeal') {
        const appeal = this.repo.openAppeal(order.id);
        if (appeal) {
          const status = action === 'withdraw_appeal' ? 'withdrawn' : actor === 'operator' ? 'ruled' : 'conceded';
          let penalty: bigint | null = null;
          // A ruling against a merchant who made the buyer wait (release) or a buyer who never paid (return) may
          // cost that merchant part of the deposit: a returned order counts as the merchant buyer's cancellation.
          if (action === 'rule_return') penalty = this.countCancellation(order, now, true);
          this.repo.closeAppeal({
            id: appeal.id,
            status,
            ruling: action === 'rule_release' ? 'release' : action === 'rule_return' ? 'return' : null,
            reason_code: opts.reasonCode ?? null,
            note: opts.note ?? null,
            operator_id: actor === 'operator' ? actorId : null,
            penalty,
            closed_at: now,
          });
        }
      }
      if (action === 'cancel') this.countCancellation(order, now, false);
      const fresh = this.requireOrder(order.id);
      const kind = notificationKind(action, to);
      this.systemMessage(order.id, kind, now);
      for (const party of [order.buyer_uid, order.seller_uid]) {
        if (party !== actorId || actor === 'operator' || actor === 'system') this.notify(fresh, party, kind, now);
      }
      this.pushOrder(fresh);
      if (isFinal(to)) {
        for (const party of [order.buyer_uid, order.seller_uid]) this.finishResign(party, now);
      }
    };
    this.d.tx.run(run);
  }

  /** A merchant buyer's cancellation counts for the daily penalty; beyond the free ones it forfeits part of the deposit. */
  private countCancellation(order: OrderRow, now: number, ruled: boolean): bigint | null {
    const uid = order.buyer_uid;
    const m = this.repo.merchant(uid);
    if (!m || m.bot || (m.status !== 'active' && m.status !== 'resigning')) return null;
    if (!ruled && order.cancel_kind === 'timeout') return null;
    const day = utcDay(now);
    const count = this.repo.cancelsOn(uid, day);
    const penalty = count >= this.s.raw.freeCancelsPerDay ? this.penaltyOf(uid) : 0n;
    this.repo.insertCancel({ order_id: order.id, uid, day, penalty, at: now });
    if (penalty > 0n) {
      this.d.ledger.settle({
        reference: `c2c:penalty:${order.id}`,
        reason: 'c2c.deposit.penalty',
        holder: holderOf.deposit(uid),
        to: [{ account: system(C2C_PENALTIES, m.deposit_asset, C2C_WALLET), amount: penalty }],
        meta: { orderId: order.id },
      });
      this.repo.addForfeit(uid, penalty);
      this.repo.insertDepositEvent({
        uid,
        kind: 'penalty',
        asset: m.deposit_asset,
        amount: penalty,
        order_id: order.id,
        created_at: now,
      });
    }
    return penalty > 0n ? penalty : null;
  }

  private settleEscrow(order: OrderRow, now: number): void {
    this.d.ledger.settle({
      reference: `c2c:release:${order.id}`,
      reason: 'c2c.escrow.release',
      holder: holderOf.escrow(order.id),
      to: [{ account: user(order.buyer_uid, C2C_WALLET, order.asset), amount: order.quantity }],
      meta: { orderId: order.id, at: now },
    });
  }

  /** Cancelled: the escrow returns to the seller — into the ad it came from while that ad is listed. */
  private returnEscrow(order: OrderRow, now: number): void {
    const ad = this.requireAd(order.ad_id);
    if (ad.side === 'sell' && ad.status === 'listed') {
      this.d.ledger.settle({
        reference: `c2c:return:${order.id}`,
        reason: 'c2c.escrow.return',
        holder: holderOf.escrow(order.id),
        to: [
          {
            account: user(order.seller_uid, C2C_WALLET, order.asset),
            amount: order.quantity,
            bucket: 'frozen',
            holder: holderOf.ad(ad.id),
          },
        ],
        meta: { orderId: order.id },
      });
      this.repo.setAdRemaining(ad.id, ad.remaining + order.quantity, now);
    } else {
      this.d.ledger.release({
        reference: `c2c:return:${order.id}`,
        reason: 'c2c.escrow.return',
        holder: holderOf.escrow(order.id),
        meta: { orderId: order.id },
      });
      if (ad.side === 'sell') this.repo.setAdRemaining(ad.id, ad.remaining + order.quantity, now);
    }
  }

  // ---- time ----

  /** The scheduler's `deadlines` job: every order whose deadline passed moves on (payment timer, release, window). */
  runDeadlines(now: number): number {
    let moved = 0;
    for (const id of this.repo.due(now, 500)) {
      const order = this.requireOrder(id);
      const action: Action | null =
        order.state === 'unpaid'
          ? 'expire'
          : order.state === 'paid'
            ? 'escalate'
            : order.state === 'timed_out'
              ? 'close'
              : null;
      if (!action) continue;
      try {
        this.d.tx.run(() => {
          if (action === 'escalate') {
            this.repo.insertAppeal({
              order_id: id,
              opened_by: 'system',
              opened_uid: null,
              reason: 'The seller did not release before the deadline.',
              from_state: 'paid',
              created_at: now,
            });
          }
          this.transition(order, action, 'system', null, order.version, {
            extra: action === 'escalate' ? () => ({ appeal_from: 'paid' }) : undefined,
          });
        });
        moved++;
      } catch (error) {
        this.d.log.warn({ err: error, orderId: id }, 'c2c deadline');
      }
    }
    for (const m of this.repo.resigning()) this.d.tx.run(() => this.finishResign(m.uid, now));
    return moved;
  }

  /** The demo merchants' job: release what buyers marked paid, pay what they bought, keep their ads stocked. */
  runBots(): number {
    let acted = 0;
    const bots = new Set(this.repo.botMerchants().map((m) => m.uid));
    for (const order of this.repo.botOrders()) {
      try {
        if (bots.has(order.seller_uid) && order.state === 'paid') {
          this.botAct(order.seller_uid, order.id, 'release');
          acted++;
        } else if (bots.has(order.buyer_uid) && order.state === 'unpaid') {
          this.botAct(order.buyer_uid, order.id, 'pay');
          acted++;
        }
      } catch (error) {
        this.d.log.warn({ err: error, orderId: order.id }, 'c2c bot');
      }
    }
    return acted;
  }

  // ---- chat ----

  messages(uid: number, id: number, after: number): C2CMessage[] {
    this.requireOwnOrder(uid, id);
    return this.repo.messages(id, after).map(messageView);
  }

  send(uid: number, id: number, body: string, image?: UploadedImage): C2CMessage {
    const { order, who } = this.requireOwnOrder(uid, id);
    if (!chatOpen(order)) throw new DomainError('CHAT_CLOSED');
    const path = image ? this.d.files.save('c2c', image.bytes, image.ext) : null;
    try {
      return this.d.tx.run(() => {
        const now = this.d.clock.now();
        const messageId = this.repo.insertMessage({
          order_id: id,
          author: who.role,
          author_uid: uid,
          body,
          image_path: path,
          image_mime: image?.mime ?? null,
          created_at: now,
        });
        const message = messageView(this.requireMessage(messageId));
        const other = who.role === 'buyer' ? order.seller_uid : order.buyer_uid;
        this.push(uid, { kind: 'message', orderId: id, message });
        this.push(other, { kind: 'message', orderId: id, message });
        return message;
      });
    } catch (error) {
      if (path) this.d.files.remove(path);
      throw error;
    }
  }

  messageImage(uid: number | null, orderId: number, messageId: number): { bytes: Buffer; mime: string } {
    if (uid !== null) this.requireOwnOrder(uid, orderId);
    const m = this.repo.message(messageId);
    if (!m || m.order_id !== orderId || !m.image_path || !m.image_mime) throw new DomainError('NOT_FOUND');
    return { bytes: this.d.files.read(m.image_path), mime: m.image_mime };
  }

  evidenceImage(uid: number | null, orderId: number, evidenceId: number): { bytes: Buffer; mime: string } {
    if (uid !== null) this.requireOwnOrder(uid, orderId);
    const e = this.repo.evidence(evidenceId);
    if (!e || e.order_id !== orderId) throw new DomainError('NOT_FOUND');
    return { bytes: this.d.files.read(e.image_path), mime: e.image_mime };
  }

  orderQr(uid: number | null, orderId: number, methodId: number): { bytes: Buffer; mime: string } {
    const order = uid !== null ? this.requireOwnOrder(uid, orderId).order : this.requireOrder(orderId);
    const methods = JSON.parse(order.payment_methods) as C2COrderPaymentMethod[];
    if (!methods.some((m) => m.id === methodId)) throw new DomainError('NOT_FOUND');
    const row = this.repo.method(methodId);
    if (!row?.qr_path || !row.qr_mime) throw new DomainError('NOT_FOUND');
    return { bytes: this.d.files.read(row.qr_path), mime: row.qr_mime };
  }

  // ---- notifications ----

  notifications(uid: number): { list: C2CNotification[]; unread: number } {
    return {
      list: this.repo.notifications(uid).map((n) => ({
        id: n.id,
        orderId: n.order_id,
        kind: n.kind as C2CNotification['kind'],
        createdAt: n.created_at,
        read: n.read_at !== null,
      })),
      unread: this.repo.unread(uid),
    };
  }

  readNotifications(uid: number): null {
    this.d.tx.run(() => this.repo.readAll(uid, this.d.clock.now()));
    return null;
  }

  private notify(order: OrderRow, uid: number, kind: C2CNotification['kind'], now: number): void {
    const id = this.repo.insertNotification(uid, order.id, kind, now);
    this.push(uid, {
      kind: 'notification',
      orderId: order.id,
      notification: { id, orderId: order.id, kind, createdAt: now, read: false },
    });
    const mailKinds: readonly string[] = ['created', 'paid', 'released', 'cancelled', 'timed_out', 'appeal', 'ruled'];
    if (!mailKinds.includes(kind) || this.repo.merchant(uid)?.bot) return;
    const email = this.d.account.getUser(uid)?.email;
    if (!email) return;
    const lang = (this.repo.lang(uid) ?? 'en') as Lang;
    const appeal = kind === 'ruled' ? this.repo.latestAppeal(order.id) : undefined;
    const text = mailText(kind as MailKind, lang, {
      no: orderNo(order),
      quantity: this.d.ledger.formatAmount(order.asset, order.quantity),
      asset: order.asset,
      amount: fiat(order.amount),
      fiat: order.fiat,
      outcome: appeal?.ruling ?? undefined,
    });
    this.d.tx.afterCommit(() => {
      this.d.notifier.send({ to: email, ...text }).catch((err: unknown) => this.d.log.warn({ err }, 'c2c mail'));
    });
  }

  private systemMessage(orderId: number, kind: string, now: number): void {
    this.repo.insertMessage({
      order_id: orderId,
      author: 'system',
      author_uid: null,
      body: kind,
      image_path: null,
      image_mime: null,
      created_at: now,
    });
  }

  private push(uid: number, frame: C2CFrame): void {
    this.d.tx.afterCommit(() => this.d.hub.publishToUser(uid, 'c2c', frame));
  }

  private pushOrder(order: OrderRow): void {
    for (const uid of [order.buyer_uid, order.seller_uid]) {
      this.d.tx.afterCommit(() => {
        const fresh = this.repo.order(order.id);
        if (fresh)
          this.d.hub.publishToUser(uid, 'c2c', { kind: 'order', orderId: order.id, order: this.orderView(fresh, uid) });
      });
    }
  }

  // ---- views ----

  private requireOrder(id: number): OrderRow {
    const order = this.repo.order(id);
    if (!order) throw new DomainError('ORDER_NOT_FOUND');
    return order;
  }

  /** The caller's order (a stranger gets ORDER_NOT_FOUND, as for an order that does not exist). */
  private requireOwnOrder(uid: number, id: number): { order: OrderRow; who: Who } {
    const order = this.repo.order(id);
    if (!order || (order.buyer_uid !== uid && order.seller_uid !== uid)) throw new DomainError('ORDER_NOT_FOUND');
    return { order, who: { uid, role: order.buyer_uid === uid ? 'buyer' : 'seller' } };
  }

  private requireMessage(id: number): MessageRow {
    const row = this.repo.message(id);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  appealView(row: AppealRow): C2CAppealView {
    return {
      id: row.id,
      openedBy: row.opened_by,
      reason: row.reason,
      status: row.status,
      fromState: row.from_state,
      ruling: row.ruling,
      reasonCode: row.reason_code,
      note: row.note,
      penalty: row.penalty === null ? null : formatDecimal(row.penalty, this.d.ledger.asset(this.s.depositAsset).scale),
      createdAt: row.created_at,
      closedAt: row.closed_at,
      evidence: this.repo
        .evidenceOf(row.id)
        .map((e) => ({ id: e.id, by: e.by_role, note: e.note, createdAt: e.created_at })),
    };
  }

  orderView(order: OrderRow, uid: number): C2COrder {
    const role = order.buyer_uid === uid ? 'buyer' : 'seller';
    const other = role === 'buyer' ? order.seller_uid : order.buyer_uid;
    const appeal = this.repo.openAppeal(order.id) ?? this.repo.latestAppeal(order.id);
    const penalty =
      role === 'buyer' && (order.state === 'unpaid' || order.state === 'paid' || order.state === 'appeal')
        ? this.cancelPenaltyFor(uid)
        : null;
    const m = this.repo.merchant(uid);
    const openAppeal = order.state === 'appeal' ? this.repo.openAppeal(order.id) : undefined;
    return {
      id: order.id,
      no: orderNo(order),
      adId: order.ad_id,
      role,
      asset: order.asset,
      fiat: order.fiat as C2CFiatCode,
      price: fiat(order.price),
      quantity: this.d.ledger.formatAmount(order.asset, order.quantity),
      amount: fiat(order.amount),
      state: order.state,
      version: order.version,
      counterparty: this.stats(other),
      paymentMethods: JSON.parse(order.payment_methods) as C2COrderPaymentMethod[],
      paidMethodId: order.paid_method_id,
      payBy: order.state === 'unpaid' ? order.pay_by : null,
      releaseBy: order.state === 'paid' ? order.release_by : null,
      appealUntil: order.state === 'timed_out' ? order.appeal_until : null,
      createdAt: order.created_at,
      paidAt: order.paid_at,
      finishedAt: order.finished_at,
      cancelKind: order.cancel_kind,
      terms: order.terms,
      appeal: appeal ? this.appealView(appeal) : null,
      actions: {
        pay: allowed('pay', order.state, role),
        cancel: allowed('cancel', order.state, role),
        release: allowed('release', order.state, role),
        appeal: allowed('appeal', order.state, role),
        withdrawAppeal: Boolean(openAppeal && openAppeal.opened_uid === uid),
        evidence: order.state === 'appeal',
        chat: chatOpen(order),
      },
      cancelPenalty:
        penalty === null || !m
          ? null
          : { amount: this.d.ledger.formatAmount(m.deposit_asset, penalty), asset: m.deposit_asset },
      serverTime: this.d.clock.now(),
    };
  }

  // ---- operators ----

  adminStats() {
    const merchants: Record<string, number> = {};
    for (const r of this.repo.merchantCounts()) merchants[r.status] = Number(r.n);
    const orders: Record<string, number> = {};
    for (const r of this.repo.orderCounts()) orders[r.state] = Number(r.n);
    return {
      merchants,
      orders,
      openAppeals: this.repo.appealCount(true),
      escrow: this.repo.escrowByAsset().map((r) => ({
        asset: r.asset,
        held: this.d.ledger.formatAmount(r.asset, r.held),
        orders: Number(r.orders),
      })),
    };
  }

  adminMerchants(query: { status?: string; page: number; size: number }) {
    const rows = this.repo.merchants(query.status ?? null, query.size, (query.page - 1) * query.size);
    return {
      list: rows.map((m) => this.adminMerchant(m.uid)),
      total: this.repo.merchantCount(query.status ?? null),
      page: query.page,
      size: query.size,
    };
  }

  adminMerchant(uid: number) {
    const m = this.repo.merchant(uid);
    if (!m) throw new DomainError('NOT_FOUND');
    return {
      uid,
      nickname: this.d.account.getUser(uid)?.nickname ?? null,
      status: m.status,
      bot: m.bot === 1,
      deposit: this.depositView(uid, m, m.deposit_asset, m.deposit_required),
      rejectReason: m.reject_reason,
      appliedAt: m.applied_at,
      decidedAt: m.decided_at,
      identity: this.d.security.identity.state(uid),
      cancelsToday: this.repo.cancelsOn(uid, utcDay(this.d.clock.now())),
      stats: this.stats(uid),
      listedAds: this.repo.listedAdCount(uid),
      openOrders: this.repo.openOrdersOf(uid),
    };
  }

  depositEvents(query: { uid?: number; kind?: string; page: number; size: number }) {
    const rows = this.repo.depositEvents(
      query.uid ?? null,
      query.kind ?? null,
      query.size,
      (query.page - 1) * query.size,
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        uid: r.uid,
        nickname: this.d.account.getUser(r.uid)?.nickname ?? null,
        kind: r.kind,
        asset: r.asset,
        amount: this.d.ledger.formatAmount(r.asset, r.amount),
        orderId: r.order_id,
        createdAt: r.created_at,
      })),
      total: this.repo.depositEventCount(query.uid ?? null, query.kind ?? null),
      page: query.page,
      size: query.size,
    };
  }

  adminAds(query: { status?: string; uid?: number; page: number; size: number }) {
    const rows = this.repo.allAds(query.status ?? null, query.uid ?? null, query.size, (query.page - 1) * query.size);
    return {
      list: rows.map((ad) => this.myAdView(ad)),
      total: this.repo.adCount(query.status ?? null, query.uid ?? null),
      page: query.page,
      size: query.size,
    };
  }

  adminOrderRow(order: OrderRow) {
    const party = (uid: number) => {
      const m = this.repo.merchant(uid);
      return {
        uid,
        nickname: this.d.account.getUser(uid)?.nickname ?? `user${uid}`,
        merchant: m?.status === 'active' || m?.status === 'resigning',
      };
    };
    return {
      id: order.id,
      no: orderNo(order),
      adId: order.ad_id,
      asset: order.asset,
      fiat: order.fiat as C2CFiatCode,
      price: fiat(order.price),
      quantity: this.d.ledger.formatAmount(order.asset, order.quantity),
      amount: fiat(order.amount),
      state: order.state,
      version: order.version,
      buyer: party(order.buyer_uid),
      seller: party(order.seller_uid),
      createdAt: order.created_at,
      paidAt: order.paid_at,
      finishedAt: order.finished_at,
      payBy: order.pay_by,
      releaseBy: order.release_by,
      appealUntil: order.appeal_until,
      cancelKind: order.cancel_kind,
      escrowHeld: this.d.ledger.formatAmount(
        order.asset,
        this.d.ledger.holdOf(holderOf.escrow(order.id))?.amount ?? 0n,
      ),
    };
  }

  adminOrders(query: { state?: string; uid?: number; page: number; size: number }) {
    const rows = this.repo.allOrders(query.state ?? null, query.uid ?? null, query.size, (query.page - 1) * query.size);
    return {
      list: rows.map((o) => this.adminOrderRow(o)),
      total: this.repo.allOrderCount(query.state ?? null, query.uid ?? null),
      page: query.page,
      size: query.size,
    };
  }

  adminOrder(id: number) {
    const order = this.requireOrder(id);
    const history = (uid: number) => {
      const user = this.d.account.getUser(uid);
      const counts = this.repo.historyCounts(uid);
      const m = this.repo.merchant(uid);
      return {
        uid,
        nickname: user?.nickname ?? `user${uid}`,
        merchant: m?.status === 'active' || m?.status === 'resigning',
        identity: this.d.security.identity.state(uid),
        email: user?.email ?? null,
        stats: this.stats(uid),
        orders: {
          total: Number(counts.total),
          completed: Number(counts.completed),
          cancelled: Number(counts.cancelled),
          appeals: Number(counts.appeals),
        },
        recent: this.repo.ordersOf(uid, 'all', 10, 0).map((o) => ({
          id: o.id,
          role: o.buyer_uid === uid ? ('buyer' as const) : ('seller' as const),
          state: o.state,
          amount: fiat(o.amount),
          fiat: o.fiat as C2CFiatCode,
          createdAt: o.created_at,
        })),
      };
    };
    return {
      order: this.adminOrderRow(order),
      terms: order.terms,
      paymentMethods: JSON.parse(order.payment_methods) as C2COrderPaymentMethod[],
      paidMethodId: order.paid_method_id,
      events: this.repo.events(id).map((e) => ({
        version: e.version,
        action: e.action,
        from: e.from_state,
        to: e.to_state,
        actor: e.actor,
        actorId: e.actor_id,
        note: e.note,
        at: e.at,
      })),
      messages: this.repo.messages(id, 0).map(messageView),
      appeals: this.repo.appealsOf(id).map((a) => this.appealView(a)),
      buyer: history(order.buyer_uid),
      seller: history(order.seller_uid),
    };
  }

  appeals(query: { status: 'open' | 'closed'; page: number; size: number }) {
    const offset = (query.page - 1) * query.size;
    const rows =
      query.status === 'open' ? this.repo.appealQueue(query.size, offset) : this.repo.closedAppeals(query.size, offset);
    return {
      list: rows.map((a) => ({ appeal: this.appealView(a), order: this.adminOrderRow(this.requireOrder(a.order_id)) })),
      total: this.repo.appealCount(query.status === 'open'),
      page: query.page,
      size: query.size,
    };
  }

  pendingMerchants(): number {
    return this.repo.pendingMerchants();
  }

  openAppeals(): number {
    return this.repo.appealCount(true);
  }

  // ---- consistency (tests and the reconciliation) ----

  /** What every non-final order's escrow hold holds, against the order's quantity; and no order finished twice. */
  escrowProblems(): string[] {
    const problems: string[] = [];
    for (const id of this.repo.nonFinalIds()) {
      const order = this.requireOrder(id);
      const held = this.d.ledger.holdOf(holderOf.escrow(id))?.amount ?? 0n;
      if (held !== order.quantity) problems.push(`order ${id} (${order.state}) escrow ${held} ≠ ${order.quantity}`);
    }
    for (const row of this.repo.finalEvents())
      if (Number(row.n) > 1) problems.push(`order ${row.order_id} finished twice`);
    for (const ad of this.repo.allAds('listed', null, 100000, 0)) {
      if (ad.side !== 'sell') continue;
      const held = this.d.ledger.holdOf(holderOf.ad(ad.id))?.amount ?? 0n;
      if (held !== ad.remaining) problems.push(`ad ${ad.id} hold ${held} ≠ remaining ${ad.remaining}`);
    }
    return problems;
  }

  // ---- demo ----

  /** A demo merchant on the exchange's capital: active at once, deposit and stock funded from the treasury. */
  async ensureBot(input: {
    account: string;
    nickname: string;
    holder: string;
    methods: { type: C2CPaymentMethod['type']; account: string; bankName?: string }[];
    funds: { asset: string; amount: string }[];
    ads: Omit<C2CAdInput, 'paymentMethodIds' | 'requestId' | 'list'>[];
  }): Promise<number> {
    const existing = this.d.account.findByAccount(input.account);
    if (existing && this.repo.merchant(existing.uid)) return existing.uid;
    const uid =
      existing?.uid ??
      (await this.d.account.createUser({
        account: input.account,
        password: `bot-${Math.random().toString(36).slice(2)}-${Date.now()}`,
        nickname: input.nickname,
      }));
    this.d.tx.run(() => {
      const now = this.d.clock.now();
      for (const f of input.funds) {
        this.d.ledger.transfer({
          reference: `c2c:bot:fund:${uid}:${f.asset}`,
          reason: 'c2c.bot.fund',
          from: system('treasury', f.asset, C2C_WALLET),
          to: user(uid, C2C_WALLET, f.asset),
          amount: this.d.ledger.parseAmount(f.asset, f.amount),
        });
      }
      const methodIds = input.methods.map((m) =>
        this.repo.insertMethod({
          uid,
          type: m.type,
          holder: input.holder,
          account: m.account,
          account_key: `${accountKey(m.account)}#bot${uid}`,
          bank_name: m.bankName ?? null,
          branch: null,
          qr_path: null,
          qr_mime: null,
          created_at: now,
        }),
      );
      const s = this.s;
      const required = this.d.ledger.parseAmount(s.depositAsset, s.raw.depositAmount);
      this.repo.insertMerchant({ uid, asset: s.depositAsset, required, bot: 1, now });
      this.holdDeposit(uid, s.depositAsset, required, 'pay', now);
      this.repo.setMerchant({
        uid,
        from: 'pending',
        status: 'active',
        deposit_status: 'paid',
        decided_at: now,
        decided_by: null,
        reject_reason: null,
        resigned_at: null,
        refunded_at: null,
      });
      for (const ad of input.ads) {
        const types = new Set(ad.side === 'sell' ? input.methods.map((m) => m.type) : input.methods.map((m) => m.type));
        const ids = methodIds.filter((_, i) => types.has(input.methods[i]!.type));
        const row = this.checkAdInput(uid, { ...ad, paymentMethodIds: ids });
        const id = this.repo.insertAd(row);
        this.listAdRow(this.requireAd(id), now);
      }
    });
    return uid;
  }

  /** Keeps the demo merchants' sell ads stocked: a nearly empty ad grows back from the bot's fiat wallet. */
  restockBots(): void {
    for (const m of this.repo.botMerchants()) {
      for (const ad of this.repo.listedAdsOf(m.uid)) {
        if (ad.side !== 'sell' || ad.remaining * 2n >= ad.total) continue;
        const add = ad.total - ad.remaining;
        const account = user(m.uid, C2C_WALLET, ad.asset);
        this.d.tx.run(() => {
          const now = this.d.clock.now();
          if (this.d.ledger.balance(account).available < add) {
            this.d.ledger.transfer({
              reference: `c2c:bot:refill:${ad.id}:${now}`,
              reason: 'c2c.bot.fund',
              from: system('treasury', ad.asset, C2C_WALLET),
              to: account,
              amount: add,
            });
          }
          this.d.ledger.hold({
            reference: `c2c:bot:restock:${ad.id}:${now}`,
            reason: 'c2c.ad.list',
            account,
            holder: holderOf.ad(ad.id),
            amount: add,
          });
          this.repo.setAdRemaining(ad.id, ad.total, now);
        });
      }
    }
  }
}

function chatOpen(order: OrderRow): boolean {
  return !isFinal(order.state);
}

function notificationKind(action: Action, to: string): C2CNotification['kind'] {
  switch (action) {
    case 'pay':
      return 'paid';
    case 'release':
    case 'rule_release':
      return action === 'rule_release' ? 'ruled' : 'released';
    case 'rule_return':
      return 'ruled';
    case 'expire':
      return 'timed_out';
    case 'cancel':
    case 'close':
      return 'cancelled';
    case 'escalate':
    case 'appeal':
      return 'appeal';
    case 'withdraw_appeal':
      return 'appeal_withdrawn';
    default:
      return to === 'completed' ? 'released' : 'cancelled';
  }
}

export function orderNo(order: Pick<OrderRow, 'id' | 'created_at'>): string {
  const day = new Date(order.created_at).toISOString().slice(2, 10).replace(/-/g, '');
  return `C${day}${String(order.id).padStart(6, '0')}`;
}

function methodView(row: PaymentMethodRow): C2CPaymentMethod {
  return {
    id: row.id,
    type: row.type,
    holder: row.holder,
    account: row.account,
    bankName: row.bank_name,
    branch: row.branch,
    hasQr: row.qr_path !== null,
    createdAt: row.created_at,
  };
}

function snapshotMethod(row: PaymentMethodRow): C2COrderPaymentMethod {
  return {
    id: row.id,
    type: row.type,
    holder: row.holder,
    account: row.account,
    bankName: row.bank_name,
    branch: row.branch,
    hasQr: row.qr_path !== null,
  };
}

function messageView(row: MessageRow): C2CMessage {
  return {
    id: row.id,
    orderId: row.order_id,
    author: row.author,
    body: row.body,
    hasImage: row.image_path !== null,
    createdAt: row.created_at,
  };
}

export type { ActiveSettings };
export { DAY_MS };
export const toAccount = (uid: number, asset: string): AccountRef => user(uid, C2C_WALLET, asset);
