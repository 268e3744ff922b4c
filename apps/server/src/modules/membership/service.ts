import {
  type AdminMember,
  type BenefitsReceived,
  formatDecimal,
  type MemberBenefits,
  type MemberLevel,
  type MembershipOverview,
  type MembershipPurchase,
  type MembershipSettings,
  type MembershipSettingsBody,
  type MemberSource,
  type ProductKey,
  parseDecimal,
} from '@bourse/contract';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import { type AccountService, maskAccount } from '../account';
import { type FeeCharge, type FeeService, PPM } from '../fees';
import { type LedgerService, system, user } from '../ledger';
import type { RewardsService } from '../rewards';
import type { WalletService } from '../wallet';
import type { BenefitRow, LevelRow, MembershipRepo, MemberRow } from './repo';

export const DAY_MS = 86_400_000;
/** What buyers pay for membership levels (revenue). */
export const MEMBERSHIP_SALES = 'membership_sales';
export const MEMBERSHIP_REASONS = { buy: 'membership.buy' } as const;
/** Levels are bought in USDT from the spot wallet. */
export const PRICE_ASSET = 'USDT';
/** The platform token: holding it reaches the levels (an operator setting). */
export const DEFAULT_HOLD_ASSET = 'BRS';

export interface MembershipDeps {
  tx: Transactions;
  repo: MembershipRepo;
  ledger: LedgerService;
  account: AccountService;
  fees: FeeService;
  rewards: RewardsService;
  wallet: WalletService;
  clock: Clock;
  log: Logger;
}

/** A level as the hot paths read it (from memory). */
interface Level {
  level: number;
  name: string;
  hold: bigint;
  price: bigint;
  days: number;
  spot: number;
  futures: number;
  box: number;
  withdrawLimit: bigint | null;
}

interface Member {
  held: number;
  bought: number;
  until: number | null;
}

const n = Number;
const percentToPpm = (value: string): number => n(parseDecimal(value, 4));
const ppmToPercent = (ppm: number): string => formatDecimal(BigInt(ppm), 4);

function toLevel(row: LevelRow): Level {
  return {
    level: n(row.level),
    name: row.name,
    hold: row.hold_amount,
    price: row.price,
    days: n(row.days),
    spot: n(row.spot_ppm),
    futures: n(row.futures_ppm),
    box: n(row.box_ppm),
    withdrawLimit: row.withdraw_limit,
  };
}

/**
 * Membership levels and their benefits: fee discounts (the fees module's `useDiscount`, answered from memory on every
 * fill), the box discount (rewards' `useBoxDiscount`) and the 24-hour withdrawal limit (the wallet's
 * `useWithdrawLimit`). A level is held (the scheduler counts the hold asset) or bought (days, paid into
 * `membership_sales`). Every discount given is recorded: the benefits page reads those records. README.md.
 */
export class MembershipService {
  private levels: Level[] = [];
  private readonly members = new Map<number, Member>();

  constructor(private readonly deps: MembershipDeps) {
    deps.ledger.declareSystemAccount(MEMBERSHIP_SALES, { type: 'revenue', negative: false });
    this.load();
    deps.fees.useDiscount((uid, product) => this.feeDiscount(uid, product));
    deps.fees.onCharged((charges) => this.recordFeeDiscounts(charges));
    deps.rewards.useBoxDiscount({
      ppm: (uid) => this.levelOf(uid)?.box ?? 0,
      given: (saving) => this.record(saving.uid, 'box', saving.asset, saving.amount, saving.reference, saving.at),
    });
    deps.wallet.useWithdrawLimit((uid) => this.withdrawLimitOf(uid));
  }

  private load(): void {
    this.levels = this.deps.repo.levels().map(toLevel);
    this.members.clear();
    for (const row of this.deps.repo.members()) this.members.set(n(row.uid), this.toMember(row));
  }

  private toMember(row: MemberRow): Member {
    return {
      held: n(row.held_level),
      bought: n(row.bought_level),
      until: row.bought_until === null ? null : n(row.bought_until),
    };
  }

  private now(): number {
    return this.deps.clock.now();
  }

  holdAsset(): string {
    return this.deps.repo.setting('holdAsset') ?? DEFAULT_HOLD_ASSET;
  }

  /** USDT units per 24 h for regular accounts; null: none. */
  private baseWithdrawLimit(): bigint | null {
    const stored = this.deps.repo.setting('baseWithdrawLimit');
    return stored === undefined || stored === '' ? null : BigInt(stored);
  }

  // ---- the level in force --------------------------------------------------------------------------------------

  /** The level in force and where it comes from: the higher of the held and the (unexpired) bought one. */
  private state(uid: number): { level: number; source: MemberSource } {
    const m = this.members.get(uid);
    if (!m) return { level: 0, source: 'none' };
    const bought = m.until !== null && m.until > this.now() ? m.bought : 0;
    if (bought === 0 && m.held === 0) return { level: 0, source: 'none' };
    return bought > m.held ? { level: bought, source: 'purchase' } : { level: m.held, source: 'holdings' };
  }

  private levelOf(uid: number): Level | undefined {
    const { level } = this.state(uid);
    return level === 0 ? undefined : this.levels.find((l) => l.level === level);
  }

  /** The fees module's discount source: ppm off the user's fee for the product, from memory. */
  private feeDiscount(uid: number, product: ProductKey): number {
    const level = this.levelOf(uid);
    if (!level) return 0;
    if (product === 'spot') return level.spot;
    if (product === 'futures') return level.futures;
    return 0;
  }

  private withdrawLimitOf(uid: number): bigint | null {
    const level = this.levelOf(uid);
    return level ? level.withdrawLimit : this.baseWithdrawLimit();
  }

  /**
   * Records the discount each fee just charged carried: with the user's discount d (ppm) the fee is the base fee
   * × (1 − d), so the saving is fee × d / (1 − d), rounded down (exact when the fee is, within one unit otherwise).
   */
  private recordFeeDiscounts(charges: readonly FeeCharge[]): void {
    for (const charge of charges) {
      if (charge.product !== 'spot' && charge.product !== 'futures') continue;
      const level = this.levelOf(charge.uid);
      if (!level) continue;
      const ppm = charge.product === 'spot' ? level.spot : level.futures;
      if (ppm <= 0 || ppm >= PPM) continue;
      const saved = (charge.amount * BigInt(ppm)) / BigInt(PPM - ppm);
      if (saved <= 0n) continue;
      const kind = charge.product === 'spot' ? 'spot_fee' : 'futures_fee';
      this.record(charge.uid, kind, charge.asset, saved, `${charge.reference}:${charge.role}`, charge.at);
    }
  }

  private record(uid: number, kind: BenefitRow['kind'], asset: string, amount: bigint, reference: string, at: number) {
    const level = this.state(uid).level;
    this.deps.repo.insertBenefit({ uid, kind, level, asset, amount, reference, at });
  }

  // ---- holdings (the scheduler) --------------------------------------------------------------------------------

  /** What a user holds of the hold asset: every wallet, frozen included. */
  private holdingsOf(uid: number, asset: string): bigint {
    let sum = 0n;
    for (const b of this.deps.ledger.userBalances(uid)) if (b.asset === asset) sum += b.available + b.frozen;
    return sum;
  }

  private heldLevel(holdings: bigint): number {
    let level = 0;
    for (const l of this.levels) if (l.hold > 0n && holdings >= l.hold) level = l.level;
    return level;
  }

  /**
   * The scheduler's job: counts every user's holdings of the hold asset and sets the level they reach (up or down).
   * Users are those the account module knows; the answer is the number of levels that changed.
   */
  evaluate(at: number): number {
    const { repo, account, tx } = this.deps;
    const asset = this.holdAsset();
    const updates: [number, number][] = [];
    tx.run(() => {
      for (const uid of account.allUids()) {
        const holdings = this.holdingsOf(uid, asset);
        const level = this.heldLevel(holdings);
        const m = this.members.get(uid);
        if (!m && holdings === 0n) continue;
        if (!m) repo.ensureMember(uid);
        if ((m?.held ?? 0) !== level) updates.push([uid, level]);
        repo.setHeld(uid, level, holdings, at);
      }
      tx.afterCommit(() => {
        for (const [uid, held] of updates) {
          const m = this.members.get(uid);
          this.members.set(uid, { held, bought: m?.bought ?? 0, until: m?.until ?? null });
        }
      });
    });
    return updates.length;
  }

  // ---- the app -------------------------------------------------------------------------------------------------

  private format(asset: string, units: bigint): string {
    return this.deps.ledger.hasAsset(asset) ? this.deps.ledger.formatAmount(asset, units) : units.toString();
  }

  private benefitsView(l: Pick<Level, 'spot' | 'futures' | 'box' | 'withdrawLimit'>): MemberBenefits {
    return {
      spotDiscount: ppmToPercent(l.spot),
      futuresDiscount: ppmToPercent(l.futures),
      boxDiscount: ppmToPercent(l.box),
      withdrawLimit: l.withdrawLimit === null ? null : this.format(PRICE_ASSET, l.withdrawLimit),
    };
  }

  private levelView(l: Level): MemberLevel {
    const hold = this.holdAsset();
    return {
      level: l.level,
      name: l.name,
      holdAmount: this.format(hold, l.hold),
      price: l.price === 0n ? null : this.format(PRICE_ASSET, l.price),
      days: l.days,
      benefits: this.benefitsView(l),
    };
  }

  private base(): MemberBenefits {
    return this.benefitsView({ spot: 0, futures: 0, box: 0, withdrawLimit: this.baseWithdrawLimit() });
  }

  overview(uid: number): MembershipOverview {
    const hold = this.holdAsset();
    const row = this.deps.repo.member(uid);
    const { level, source } = this.state(uid);
    const held = row ? n(row.held_level) : 0;
    const holdings = row?.holdings ?? 0n;
    const next = this.levels.find((l) => l.level > held && l.hold > 0n);
    const from = this.levels.find((l) => l.level === held)?.hold ?? 0n;
    let progress = 100;
    if (next) {
      const span = next.hold - from;
      progress = span > 0n ? n(((holdings - from) * 10_000n) / span) / 100 : 0;
      progress = Math.max(0, Math.min(100, progress));
    }
    const until = row?.bought_until ?? null;
    const boughtActive = until !== null && n(until) > this.now();
    return {
      holdAsset: hold,
      levels: this.levels.map((l) => this.levelView(l)),
      base: this.base(),
      level,
      source,
      heldLevel: held,
      holdings: this.format(hold, holdings),
      evaluatedAt: row?.evaluated_at === null || row?.evaluated_at === undefined ? null : n(row.evaluated_at),
      boughtLevel: boughtActive && row ? n(row.bought_level) : 0,
      boughtUntil: boughtActive ? n(until) : null,
      next: next
        ? {
            level: next.level,
            name: next.name,
            missing: this.format(hold, next.hold > holdings ? next.hold - holdings : 0n),
          }
        : null,
      progress,
    };
  }

  /**
   * Buys a level for its days from the spot wallet (USDT) into `membership_sales`, in one transaction with the
   * request id's claim. The same level again extends it from its end; a higher one starts now; one at or below the
   * level in force otherwise is refused.
   */
  buy(uid: number, levelNo: number, claim?: () => void): MembershipPurchase {
    const { tx, repo, ledger } = this.deps;
    return tx.run(() => {
      const level = this.levels.find((l) => l.level === levelNo);
      if (!level) fail('MEMBER_LEVEL_NOT_FOUND');
      if (level.price === 0n) fail('MEMBER_LEVEL_NOT_FOR_SALE');
      const now = this.now();
      const m = this.members.get(uid);
      const boughtActive = m && m.until !== null && m.until > now ? m.bought : 0;
      const extend = boughtActive === level.level;
      if (!extend && (boughtActive >= level.level || (m?.held ?? 0) >= level.level)) {
        fail('MEMBER_LEVEL_BELOW_CURRENT', { level: Math.max(boughtActive, m?.held ?? 0) });
      }
      if (ledger.balance(user(uid, 'spot', PRICE_ASSET)).available < level.price) fail('INSUFFICIENT_BALANCE');
      claim?.();
      const from = extend && m?.until ? m.until : now;
      const until = from + level.days * DAY_MS;
      repo.ensureMember(uid);
      repo.setBought(uid, level.level, until);
      const id = repo.insertPurchase({
        uid,
        level: level.level,
        asset: PRICE_ASSET,
        price: level.price,
        from,
        until,
        at: now,
      });
      ledger.transfer({
        reference: `membership:buy:${id}`,
        reason: MEMBERSHIP_REASONS.buy,
        from: user(uid, 'spot', PRICE_ASSET),
        to: system(MEMBERSHIP_SALES, PRICE_ASSET),
        amount: level.price,
        meta: { level: level.level, until },
      });
      tx.afterCommit(() => {
        this.members.set(uid, { held: m?.held ?? 0, bought: level.level, until });
      });
      const row = repo.purchase(id);
      if (!row) throw new Error('purchase not stored');
      return this.purchaseView(row);
    });
  }

  private purchaseView(row: {
    id: bigint;
    level: bigint;
    asset: string;
    price: bigint;
    from_at: bigint;
    until_at: bigint;
    at: bigint;
  }): MembershipPurchase {
    return {
      id: n(row.id),
      level: n(row.level),
      name: this.levels.find((l) => l.level === n(row.level))?.name ?? '',
      asset: row.asset,
      price: this.format(row.asset, row.price),
      from: n(row.from_at),
      until: n(row.until_at),
      at: n(row.at),
    };
  }

  benefits(uid: number): BenefitsReceived {
    const { repo, wallet } = this.deps;
    const { limit, used } = wallet.withdrawLimit(uid);
    return {
      totals: repo.benefitTotals(uid).map((t) => ({
        kind: t.kind,
        asset: t.asset,
        amount: this.format(t.asset, t.amount),
        count: n(t.n),
      })),
      withdraw: {
        limit: limit === null ? null : this.format(PRICE_ASSET, limit),
        used: this.format(PRICE_ASSET, used),
      },
      purchases: repo.purchases(uid).map((p) => this.purchaseView(p)),
      records: repo.benefits(uid).map((b) => ({
        id: n(b.id),
        kind: b.kind,
        level: n(b.level),
        asset: b.asset,
        amount: this.format(b.asset, b.amount),
        reference: b.reference,
        at: n(b.at),
      })),
    };
  }

  // ---- operators -----------------------------------------------------------------------------------------------

  settings(): MembershipSettings {
    const counts = new Map<number, number>();
    for (const uid of this.members.keys()) {
      const { level } = this.state(uid);
      if (level > 0) counts.set(level, (counts.get(level) ?? 0) + 1);
    }
    return {
      holdAsset: this.holdAsset(),
      base: this.base(),
      levels: this.levels.map((l) => ({ ...this.levelView(l), members: counts.get(l.level) ?? 0 })),
      revenue: this.deps.repo.revenue().map((r) => ({ asset: r.asset, amount: this.format(r.asset, r.amount) })),
    };
  }

  private units(asset: string, value: string, error: 'INVALID_PARAMS' = 'INVALID_PARAMS'): bigint {
    const { ledger } = this.deps;
    if (!ledger.hasAsset(asset)) fail('ASSET_NOT_FOUND');
    try {
      return parseDecimal(value, ledger.asset(asset).scale);
    } catch {
      fail(error);
    }
  }

  updateSettings(input: z.output<typeof MembershipSettingsBody>): MembershipSettings {
    const { repo, tx } = this.deps;
    tx.run(() => {
      const hold = input.holdAsset;
      if (!this.deps.ledger.hasAsset(hold)) fail('ASSET_NOT_FOUND');
      let previous = -1n;
      const rows = input.levels.map((l, i) => {
        const holdAmount = this.units(hold, l.holdAmount);
        if (holdAmount <= previous) fail('MEMBER_LEVELS_INVALID');
        previous = holdAmount;
        const ppm = [l.spotDiscount, l.futuresDiscount, l.boxDiscount].map(percentToPpm);
        if (ppm.some((p) => p > PPM)) fail('MEMBER_LEVELS_INVALID');
        return {
          level: i + 1,
          name: l.name,
          hold_amount: holdAmount,
          price: this.units(PRICE_ASSET, l.price),
          days: BigInt(l.days),
          spot_ppm: BigInt(ppm[0] ?? 0),
          futures_ppm: BigInt(ppm[1] ?? 0),
          box_ppm: BigInt(ppm[2] ?? 0),
          withdraw_limit: l.withdrawLimit === '' ? null : this.units(PRICE_ASSET, l.withdrawLimit),
        };
      });
      repo.replaceLevels(rows);
      repo.putSetting('holdAsset', hold);
      repo.putSetting(
        'baseWithdrawLimit',
        input.baseWithdrawLimit === '' ? '' : this.units(PRICE_ASSET, input.baseWithdrawLimit).toString(),
      );
      tx.afterCommit(() => this.load());
    });
    return this.settings();
  }

  members_(query: { page: number; size: number }): { list: AdminMember[]; total: number; page: number; size: number } {
    const hold = this.holdAsset();
    const rows = this.deps.repo
      .members()
      .map((row) => ({ row, ...this.state(n(row.uid)) }))
      .filter((m) => m.level > 0)
      .sort((a, b) => b.level - a.level || n(a.row.uid) - n(b.row.uid));
    const page = rows.slice((query.page - 1) * query.size, query.page * query.size);
    return {
      list: page.map(({ row, level, source }) => {
        const uid = n(row.uid);
        const u = this.deps.account.getUser(uid);
        const contact = u?.email ?? u?.phone ?? null;
        const until = row.bought_until === null ? null : n(row.bought_until);
        return {
          uid,
          account: contact ? maskAccount(contact) : `UID ${uid}`,
          level,
          source,
          heldLevel: n(row.held_level),
          holdings: this.format(hold, row.holdings),
          boughtLevel: until !== null && until > this.now() ? n(row.bought_level) : 0,
          boughtUntil: until !== null && until > this.now() ? until : null,
          saved: this.deps.repo
            .savedByAsset(uid)
            .map((s) => ({ asset: s.asset, amount: this.format(s.asset, s.amount) })),
        };
      }),
      total: rows.length,
      page: query.page,
      size: query.size,
    };
  }

  /** Demo levels, once (when none exist). */
  seedDemo(): void {
    if (this.levels.length > 0) return;
    const hold = this.holdAsset();
    if (!this.deps.ledger.hasAsset(hold) || !this.deps.ledger.hasAsset(PRICE_ASSET)) return;
    this.updateSettings({
      holdAsset: hold,
      baseWithdrawLimit: '50000',
      levels: [
        {
          name: 'Silver',
          holdAmount: '1000',
          price: '20',
          days: 30,
          spotDiscount: '10',
          futuresDiscount: '10',
          boxDiscount: '5',
          withdrawLimit: '200000',
        },
        {
          name: 'Gold',
          holdAmount: '10000',
          price: '100',
          days: 30,
          spotDiscount: '20',
          futuresDiscount: '20',
          boxDiscount: '10',
          withdrawLimit: '1000000',
        },
        {
          name: 'Diamond',
          holdAmount: '100000',
          price: '0',
          days: 30,
          spotDiscount: '30',
          futuresDiscount: '30',
          boxDiscount: '20',
          withdrawLimit: '',
        },
      ],
    });
  }
}
