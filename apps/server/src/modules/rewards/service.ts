import {
  type AdminBox,
  type AssetAmount,
  type BoxDraw,
  type BoxFairness,
  type BoxPrice,
  type BoxPrize,
  type BoxRankRow,
  type BoxSeedRotation,
  type BoxWin,
  CHECKIN_CYCLE,
  type CheckinResult,
  type CheckinState,
  formatDecimal,
  type Invitee,
  type InviteSummary,
  type MysteryBox,
  NEWCOMER_REWARD_TASKS,
  type NewcomerClaimResult,
  type NewcomerRewards,
  type NewcomerRewardTask,
  type NewcomerSettings,
  PARTNER_DAYS,
  type PartnerData,
  parseDecimal,
  type RebateShares,
  type RewardPoolBalance,
  type RewardSettings,
} from '@bourse/contract';
import type { z } from 'zod';
import type { BoxInput, NewcomerSettingsBody, RewardSettingsBody } from '@bourse/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { randomUUID } from 'node:crypto';
import { fail } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import { type AccountService, maskAccount, type UserRow } from '../account';
import { type FeeCharge, type FeeService, PPM } from '../fees';
import { type AccountRef, type LedgerService, SYSTEM, system, user } from '../ledger';
import { draw, drawHmac, newClientSeed, newServerSeed, ROLL_SPACE, seedHash } from './fairness';
import type { SecurityService } from '../security';
import type { BoxRow, CheckinRow, DrawRow, RewardsRepo, SeedRow, StoredPrize } from './repo';

export const DAY_MS = 86_400_000;

/**
 * The reward pool: the exchange's capital set aside for rewards, funded by operators from the treasury. Equity that
 * may not go below zero — when it cannot pay a reward, the reward is refused (REWARD_POOL_EMPTY) and nothing moves.
 */
export const REWARD_POOL = 'rewards_pool';
/** What buyers pay for mystery boxes (revenue). */
export const BOX_SALES = 'mystery_box_sales';

export const REWARD_REASONS = {
  fund: 'rewards.fund',
  checkin: 'rewards.checkin',
  boxBuy: 'rewards.box.buy',
  boxPrize: 'rewards.box.prize',
  rebate: 'rewards.rebate',
  newcomer: 'rewards.newcomer',
} as const;

/** Newcomer rewards until a budget is set: the three tasks of the issue pay, two-factor does not (budget 0 each). */
export const DEFAULT_NEWCOMER: Record<NewcomerRewardTask, string> = {
  identity: '5',
  twoFactor: '0',
  deposit: '10',
  trade: '10',
};
export const DEFAULT_NEWCOMER_DAYS = 30;

export interface CheckinSettings {
  asset: string;
  /** Units of the asset. */
  amount: bigint;
}

/** Rebate shares in ppm of the fee, per product and level. */
export type RebatePpm = Record<'spot' | 'futures', { level1: number; level2: number }>;

export const DEFAULT_CHECKIN = { asset: 'USDT', amount: '1' } as const;
export const DEFAULT_REBATES: RebatePpm = {
  spot: { level1: 200_000, level2: 50_000 },
  futures: { level1: 100_000, level2: 25_000 },
};

/**
 * A discount on mystery-box prices (membership): `ppm(uid)` answers from memory; `given` records the saving, inside
 * the purchase's transaction.
 */
export interface BoxDiscount {
  ppm(uid: number): number;
  given(saving: { uid: number; asset: string; amount: bigint; reference: string; at: number }): void;
}

export interface RewardsDeps {
  tx: Transactions;
  repo: RewardsRepo;
  ledger: LedgerService;
  account: AccountService;
  fees: FeeService;
  security: SecurityService;
  clock: Clock;
  log: Logger;
}

const n = Number;

export function utcDay(at: number): number {
  return Math.floor(at / DAY_MS);
}

function percentToPpm(value: string): number {
  return n(parseDecimal(value, 4));
}

function ppmToPercent(ppm: number): string {
  return formatDecimal(BigInt(ppm), 4);
}

/**
 * Check-in, mystery box and invitations, all paid from the reward pool (rebates from the fee income they share) into
 * the gold wallet, each in one transaction with the ledger. README.md.
 */
export class RewardsService {
  private rebatePpm: RebatePpm = DEFAULT_REBATES;
  private boxDiscount: BoxDiscount | null = null;

  constructor(private readonly deps: RewardsDeps) {
    deps.ledger.declareSystemAccount(REWARD_POOL, { type: 'equity', negative: false });
    deps.ledger.declareSystemAccount(BOX_SALES, { type: 'revenue', negative: false });
    const stored = deps.repo.setting('rebates');
    if (stored !== undefined) this.rebatePpm = JSON.parse(stored) as RebatePpm;
    deps.fees.onCharged((charges) => this.payRebates(charges));
  }

  now(): number {
    return this.deps.clock.now();
  }

  /** Sets the source of box discounts (membership levels). */
  useBoxDiscount(discount: BoxDiscount): void {
    this.boxDiscount = discount;
  }

  /** A user's box discount in ppm (0 without membership), clamped to [0, 100%]. */
  private boxDiscountPpm(uid: number): number {
    return Math.min(PPM, Math.max(0, Math.floor(this.boxDiscount?.ppm(uid) ?? 0)));
  }

  /** What a user pays for a box: its price less their discount (rounded in the user's favour by less than a unit). */
  private boxPrice(uid: number, price: bigint): bigint {
    return price - (price * BigInt(this.boxDiscountPpm(uid))) / BigInt(PPM);
  }

  /** What the user pays for each box on sale now (the price opening it charges). */
  boxPrices(uid: number): BoxPrice[] {
    const discountPpm = this.boxDiscountPpm(uid);
    return this.deps.repo
      .boxes()
      .filter((b) => b.status === 'active')
      .map((b) => ({
        boxId: n(b.id),
        priceAsset: b.price_asset,
        listPrice: this.format(b.price_asset, b.price),
        price: this.format(b.price_asset, this.boxPrice(uid, b.price)),
        discountPpm,
      }));
  }

  // ---- the pool ------------------------------------------------------------------------------------------------

  private poolAccount(asset: string): AccountRef {
    return system(REWARD_POOL, asset);
  }

  poolAvailable(asset: string): bigint {
    return this.deps.ledger.balance(this.poolAccount(asset)).available;
  }

  /** Pays a reward out of the pool into the user's gold wallet; refused, with nothing moved, when the pool is short. */
  private payFromPool(uid: number, asset: string, amount: bigint, reference: string, reason: string): void {
    if (this.poolAvailable(asset) < amount) fail('REWARD_POOL_EMPTY');
    this.deps.ledger.transfer({
      reference,
      reason,
      from: this.poolAccount(asset),
      to: user(uid, 'gold', asset),
      amount,
    });
    this.deps.repo.addPaid(asset, amount);
  }

  pool(): RewardPoolBalance[] {
    const { ledger } = this.deps;
    return this.deps.repo.pool().map((row) => ({
      asset: row.asset,
      available: ledger.formatAmount(row.asset, this.poolAvailable(row.asset)),
      funded: ledger.formatAmount(row.asset, row.funded),
      paid: ledger.formatAmount(row.asset, row.paid),
    }));
  }

  fundPool(input: { asset: string; amount: string }): RewardPoolBalance[] {
    const { ledger, tx, repo } = this.deps;
    tx.run(() => {
      const amount = this.amount(input.asset, input.amount);
      ledger.transfer({
        reference: `rewards:fund:${input.asset}:${randomUUID()}`,
        reason: REWARD_REASONS.fund,
        from: system(SYSTEM.treasury, input.asset),
        to: this.poolAccount(input.asset),
        amount,
      });
      repo.addFunded(input.asset, amount);
    });
    return this.pool();
  }

  /** A positive amount of an active asset at its scale. */
  private amount(asset: string, value: string, allowZero = false): bigint {
    const { ledger } = this.deps;
    if (!ledger.hasAsset(asset) || ledger.asset(asset).status !== 'active') fail('ASSET_NOT_FOUND');
    const scale = ledger.asset(asset).scale;
    let units: bigint;
    try {
      units = parseDecimal(value, scale);
    } catch {
      fail('REWARD_AMOUNT_INVALID', { decimals: scale });
    }
    if (units < 0n || (!allowZero && units === 0n)) fail('REWARD_AMOUNT_INVALID', { decimals: scale });
    return units;
  }

  // ---- settings ------------------------------------------------------------------------------------------------

  checkinSettings(): CheckinSettings {
    const stored = this.deps.repo.setting('checkin');
    const value = stored ? (JSON.parse(stored) as { asset: string; amount: string }) : null;
    if (value) return { asset: value.asset, amount: BigInt(value.amount) };
    const { ledger } = this.deps;
    const scale = ledger.hasAsset(DEFAULT_CHECKIN.asset) ? ledger.asset(DEFAULT_CHECKIN.asset).scale : 8;
    return { asset: DEFAULT_CHECKIN.asset, amount: parseDecimal(DEFAULT_CHECKIN.amount, scale) };
  }

  settings(): RewardSettings {
    const checkin = this.checkinSettings();
    return {
      checkin: { asset: checkin.asset, amount: this.format(checkin.asset, checkin.amount) },
      rebates: this.rebateShares(),
    };
  }

  rebateShares(): RebateShares {
    const r = this.rebatePpm;
    return {
      spot: { level1: ppmToPercent(r.spot.level1), level2: ppmToPercent(r.spot.level2) },
      futures: { level1: ppmToPercent(r.futures.level1), level2: ppmToPercent(r.futures.level2) },
    };
  }

  updateSettings(input: z.output<typeof RewardSettingsBody>): RewardSettings {
    const { repo, tx } = this.deps;
    const rebates: RebatePpm = {
      spot: { level1: percentToPpm(input.rebates.spot.level1), level2: percentToPpm(input.rebates.spot.level2) },
      futures: {
        level1: percentToPpm(input.rebates.futures.level1),
        level2: percentToPpm(input.rebates.futures.level2),
      },
    };
    for (const r of Object.values(rebates)) {
      if (r.level2 > r.level1 || r.level1 + r.level2 > PPM) fail('REFERRAL_SHARES_INVALID');
    }
    tx.run(() => {
      const amount = this.amount(input.checkin.asset, input.checkin.amount);
      repo.putSetting('checkin', JSON.stringify({ asset: input.checkin.asset, amount: amount.toString() }));
      repo.putSetting('rebates', JSON.stringify(rebates));
    });
    this.rebatePpm = rebates;
    return this.settings();
  }

  private format(asset: string, units: bigint): string {
    return this.deps.ledger.hasAsset(asset) ? this.deps.ledger.formatAmount(asset, units) : units.toString();
  }

  // ---- check-in ------------------------------------------------------------------------------------------------

  /** The streak that is still alive today: ending today or yesterday; 0 after a missed day. */
  private liveStreak(last: CheckinRow | undefined, today: number): { streak: number; checkedToday: boolean } {
    if (!last) return { streak: 0, checkedToday: false };
    const day = n(last.day);
    if (day === today) return { streak: n(last.streak), checkedToday: true };
    if (day === today - 1) return { streak: n(last.streak), checkedToday: false };
    return { streak: 0, checkedToday: false };
  }

  checkinState(uid: number): CheckinState {
    const now = this.now();
    const today = utcDay(now);
    const rows = this.deps.repo.checkins(uid, 30);
    const { streak, checkedToday } = this.liveStreak(rows[0], today);
    const settings = this.checkinSettings();
    // Days of the current cycle already claimed, and which one is today's.
    const claimedUpTo = checkedToday ? ((streak - 1) % CHECKIN_CYCLE) + 1 : streak % CHECKIN_CYCLE;
    const todayPos = checkedToday ? claimedUpTo : claimedUpTo + 1;
    const calendar = Array.from({ length: CHECKIN_CYCLE }, (_, i) => {
      const day = i + 1;
      const double = day === CHECKIN_CYCLE;
      return {
        day,
        amount: this.format(settings.asset, double ? settings.amount * 2n : settings.amount),
        double,
        claimed: day <= claimedUpTo,
        today: day === todayPos,
      };
    });
    const nextAmount = todayPos === CHECKIN_CYCLE ? settings.amount * 2n : settings.amount;
    return {
      asset: settings.asset,
      today: today * DAY_MS,
      checkedToday,
      streak,
      calendar,
      nextAt: checkedToday ? (today + 1) * DAY_MS : now,
      poolOk: this.poolAvailable(settings.asset) >= nextAmount,
      history: rows.map((r) => ({
        day: n(r.day) * DAY_MS,
        streak: n(r.streak),
        amount: this.format(r.asset, r.amount),
      })),
    };
  }

  checkin(uid: number, claim?: () => void): CheckinResult {
    const { tx, repo } = this.deps;
    return tx.run(() => {
      const now = this.now();
      const today = utcDay(now);
      const { streak: alive, checkedToday } = this.liveStreak(repo.checkins(uid, 1)[0], today);
      if (checkedToday) fail('CHECKIN_ALREADY_DONE');
      const streak = alive + 1;
      const day = ((streak - 1) % CHECKIN_CYCLE) + 1;
      const double = day === CHECKIN_CYCLE;
      const settings = this.checkinSettings();
      const amount = double ? settings.amount * 2n : settings.amount;
      claim?.();
      repo.insertCheckin(uid, today, streak, settings.asset, amount, now);
      this.payFromPool(uid, settings.asset, amount, `rewards:checkin:${uid}:${today}`, REWARD_REASONS.checkin);
      return { asset: settings.asset, amount: this.format(settings.asset, amount), streak, day, double, at: now };
    });
  }

  // ---- mystery box ---------------------------------------------------------------------------------------------

  private prizes(row: BoxRow): StoredPrize[] {
    return JSON.parse(row.prizes) as StoredPrize[];
  }

  private prizeView(p: StoredPrize, index: number): BoxPrize {
    return { index, asset: p.asset, amount: this.format(p.asset, BigInt(p.amount)), odds: ppmToPercent(p.oddsPpm) };
  }

  /** Why a box cannot be opened now (every prize it may draw must fit its budget and the pool), or null. */
  private blocker(row: BoxRow): 'BOX_CLOSED' | 'BOX_BUDGET_EXHAUSTED' | 'REWARD_POOL_EMPTY' | null {
    if (row.status !== 'active') return 'BOX_CLOSED';
    const budgets = new Map(this.deps.repo.budgets(n(row.id)).map((b) => [b.asset, b.budget - b.paid]));
    for (const p of this.prizes(row)) {
      const amount = BigInt(p.amount);
      if (p.oddsPpm === 0 || amount === 0n) continue;
      if ((budgets.get(p.asset) ?? 0n) < amount) return 'BOX_BUDGET_EXHAUSTED';
    }
    for (const p of this.prizes(row)) {
      const amount = BigInt(p.amount);
      if (p.oddsPpm === 0 || amount === 0n) continue;
      if (this.poolAvailable(p.asset) < amount) return 'REWARD_POOL_EMPTY';
    }
    return null;
  }

  private boxView(row: BoxRow): MysteryBox {
    const budgets = this.deps.repo.budgets(n(row.id));
    return {
      id: n(row.id),
      name: row.name,
      priceAsset: row.price_asset,
      price: this.format(row.price_asset, row.price),
      prizes: this.prizes(row).map((p, i) => this.prizeView(p, i)),
      status: row.status,
      budgetLeft: budgets.map((b) => ({ asset: b.asset, amount: this.format(b.asset, b.budget - b.paid) })),
      soldOut: this.blocker(row) !== null && row.status === 'active',
      opened: n(row.opened),
    };
  }

  boxes(): MysteryBox[] {
    return this.deps.repo
      .boxes()
      .filter((b) => b.status === 'active')
      .map((b) => this.boxView(b));
  }

  /** The user's active seed pair, created on first use (its hash is what they see before buying). */
  private activeSeed(uid: number): SeedRow {
    const { repo } = this.deps;
    const seed = repo.activeSeed(uid);
    if (seed) return seed;
    const serverSeed = newServerSeed();
    const id = repo.insertSeed(uid, serverSeed, seedHash(serverSeed), newClientSeed(), this.now());
    const created = repo.seed(id);
    if (!created) throw new Error('seed not stored');
    return created;
  }

  fairness(uid: number): BoxFairness {
    return this.deps.tx.run(() => {
      const seed = this.activeSeed(uid);
      return { serverSeedHash: seed.hash, clientSeed: seed.client_seed, nonce: n(seed.next_nonce) };
    });
  }

  rotateSeed(uid: number, clientSeed?: string): BoxSeedRotation {
    const { repo, tx } = this.deps;
    return tx.run(() => {
      const old = this.activeSeed(uid);
      repo.reveal(n(old.id), this.now());
      const serverSeed = newServerSeed();
      const id = repo.insertSeed(uid, serverSeed, seedHash(serverSeed), clientSeed ?? newClientSeed(), this.now());
      const next = repo.seed(id);
      if (!next) throw new Error('seed not stored');
      return {
        revealed: {
          serverSeed: old.server_seed,
          serverSeedHash: old.hash,
          clientSeed: old.client_seed,
          draws: n(old.next_nonce),
        },
        next: { serverSeedHash: next.hash, clientSeed: next.client_seed, nonce: n(next.next_nonce) },
      };
    });
  }

  openBox(uid: number, boxId: number, claim?: () => void): BoxDraw {
    const { repo, tx, ledger } = this.deps;
    return tx.run(() => {
      const box = repo.box(boxId);
      if (!box) fail('BOX_NOT_FOUND');
      const blocked = this.blocker(box);
      if (blocked) fail(blocked);
      const price = this.boxPrice(uid, box.price);
      if (ledger.balance(user(uid, 'spot', box.price_asset)).available < price) fail('INSUFFICIENT_BALANCE');
      claim?.();
      const seed = this.activeSeed(uid);
      const nonce = n(seed.next_nonce);
      const prizes = this.prizes(box);
      const outcome = draw(
        seed.server_seed,
        seed.client_seed,
        nonce,
        prizes.map((p) => p.oddsPpm),
      );
      const prize = prizes[outcome.index];
      if (!prize) throw new Error('drawn prize missing');
      const amount = BigInt(prize.amount);
      const at = this.now();
      repo.bumpNonce(n(seed.id));
      const id = repo.insertDraw({
        uid,
        boxId,
        seedId: n(seed.id),
        nonce,
        roll: outcome.roll,
        index: outcome.index,
        asset: prize.asset,
        amount,
        oddsPpm: prize.oddsPpm,
        priceAsset: box.price_asset,
        price,
        at,
      });
      if (price > 0n) {
        ledger.transfer({
          reference: `rewards:box:buy:${id}`,
          reason: REWARD_REASONS.boxBuy,
          from: user(uid, 'spot', box.price_asset),
          to: system(BOX_SALES, box.price_asset),
          amount: price,
          meta: { boxId, drawId: id },
        });
      }
      if (price < box.price) {
        this.boxDiscount?.given({
          uid,
          asset: box.price_asset,
          amount: box.price - price,
          reference: `rewards:box:buy:${id}`,
          at,
        });
      }
      repo.boxSold(boxId, price);
      if (amount > 0n) {
        if (!repo.payBudget(boxId, prize.asset, amount)) fail('BOX_BUDGET_EXHAUSTED');
        this.payFromPool(uid, prize.asset, amount, `rewards:box:prize:${id}`, REWARD_REASONS.boxPrize);
      }
      const row = repo.draw(id);
      if (!row) throw new Error('draw not stored');
      return this.drawView(row, box.name, seed);
    });
  }

  private drawView(row: DrawRow, boxName: string, seed: SeedRow): BoxDraw {
    const revealed = seed.revealed_at !== null;
    return {
      id: n(row.id),
      boxId: n(row.box_id),
      boxName,
      priceAsset: row.price_asset,
      price: this.format(row.price_asset, row.price),
      prize: {
        index: n(row.prize_index),
        asset: row.prize_asset,
        amount: this.format(row.prize_asset, row.prize_amount),
        odds: ppmToPercent(n(row.prize_odds)),
      },
      serverSeedHash: seed.hash,
      serverSeed: revealed ? seed.server_seed : null,
      clientSeed: seed.client_seed,
      nonce: n(row.nonce),
      hmac: revealed ? drawHmac(seed.server_seed, seed.client_seed, n(row.nonce)) : null,
      roll: n(row.roll),
      at: n(row.at),
    };
  }

  draws(uid: number, query: { page: number; size: number }) {
    const { repo } = this.deps;
    const names = new Map(repo.boxes().map((b) => [n(b.id), b.name]));
    const seeds = new Map<number, SeedRow>();
    const list = repo.userDraws(uid, query.size, (query.page - 1) * query.size).map((row) => {
      const seedId = n(row.seed_id);
      let seed = seeds.get(seedId);
      if (!seed) {
        seed = repo.seed(seedId);
        if (!seed) throw new Error('seed missing');
        seeds.set(seedId, seed);
      }
      return this.drawView(row, names.get(n(row.box_id)) ?? '', seed);
    });
    return { list, total: repo.userDrawCount(uid), page: query.page, size: query.size };
  }

  private masked(uid: number): string {
    const u = this.deps.account.getUser(uid);
    if (!u) return `UID ${uid}`;
    if (u.nickname) return u.nickname;
    const contact = u.email ?? u.phone;
    return contact ? maskAccount(contact) : `UID ${uid}`;
  }

  newestWins(): BoxWin[] {
    const names = new Map(this.deps.repo.boxes().map((b) => [n(b.id), b.name]));
    return this.deps.repo.newestWins(20).map((row) => ({
      account: this.masked(n(row.uid)),
      boxName: names.get(n(row.box_id)) ?? '',
      asset: row.prize_asset,
      amount: this.format(row.prize_asset, row.prize_amount),
      at: n(row.at),
    }));
  }

  rank(): BoxRankRow[] {
    return this.deps.repo.rank(this.now() - 30 * DAY_MS, 20).map((row, i) => ({
      rank: i + 1,
      account: this.masked(n(row.uid)),
      opened: n(row.opened),
      wins: n(row.wins),
    }));
  }

  // ---- boxes (operators) ---------------------------------------------------------------------------------------

  private validBox(input: z.output<typeof BoxInput>) {
    const price = this.amount(input.priceAsset, input.price);
    const prizes: StoredPrize[] = input.prizes.map((p) => {
      const units = this.amount(p.asset, p.amount, true);
      return { asset: p.asset, amount: units.toString(), oddsPpm: percentToPpm(p.odds) };
    });
    const sum = prizes.reduce((s, p) => s + p.oddsPpm, 0);
    if (sum !== ROLL_SPACE) fail('BOX_ODDS_INVALID', { sum: ppmToPercent(sum) });
    const budget = new Map<string, bigint>();
    for (const b of input.budget) budget.set(b.asset, this.amount(b.asset, b.amount, true));
    for (const p of prizes) if (BigInt(p.amount) > 0n && !budget.has(p.asset)) budget.set(p.asset, 0n);
    return { price, prizes, budget };
  }

  createBox(input: z.output<typeof BoxInput>): AdminBox {
    const { repo, tx } = this.deps;
    const id = tx.run(() => {
      const valid = this.validBox(input);
      const boxId = repo.insertBox(
        {
          name: input.name,
          priceAsset: input.priceAsset,
          price: valid.price,
          prizes: JSON.stringify(valid.prizes),
          status: input.status,
        },
        this.now(),
      );
      for (const [asset, amount] of valid.budget) repo.putBudget(boxId, asset, amount);
      return boxId;
    });
    return this.adminBox(id);
  }

  updateBox(id: number, input: z.output<typeof BoxInput>): AdminBox {
    const { repo, tx } = this.deps;
    tx.run(() => {
      if (!repo.box(id)) fail('BOX_NOT_FOUND');
      const valid = this.validBox(input);
      repo.updateBox(
        id,
        {
          name: input.name,
          priceAsset: input.priceAsset,
          price: valid.price,
          prizes: JSON.stringify(valid.prizes),
          status: input.status,
        },
        this.now(),
      );
      const existing = new Map(repo.budgets(id).map((b) => [b.asset, b]));
      for (const [asset, amount] of valid.budget) {
        const paid = existing.get(asset)?.paid ?? 0n;
        if (amount < paid) fail('NEWCOMER_BUDGET_BELOW_PAID', { paid: this.format(asset, paid) });
        repo.putBudget(id, asset, amount);
      }
      for (const asset of existing.keys()) if (!valid.budget.has(asset)) repo.dropBudget(id, asset);
    });
    return this.adminBox(id);
  }

  private adminBox(id: number): AdminBox {
    const row = this.deps.repo.box(id);
    if (!row) fail('BOX_NOT_FOUND');
    const budgets = this.deps.repo.budgets(id);
    return {
      ...this.boxView(row),
      soldOut: this.blocker(row) !== null,
      budget: budgets.map((b) => ({ asset: b.asset, amount: this.format(b.asset, b.budget) })),
      paid: budgets.map((b) => ({ asset: b.asset, amount: this.format(b.asset, b.paid) })),
      revenue: this.format(row.price_asset, row.revenue),
    };
  }

  adminBoxes(): AdminBox[] {
    return this.deps.repo.boxes().map((b) => this.adminBox(n(b.id)));
  }

  // ---- invitations and rebates ---------------------------------------------------------------------------------

  /**
   * The fees module's listener, inside the trade's transaction: each fee an invitee paid gives their inviter the
   * product's level-1 share and the inviter's inviter the level-2 share, in the fee's asset, out of the fee income the
   * charge was just credited to (so rebates never exceed the fee: the shares add up to at most 100%).
   */
  private payRebates(charges: readonly FeeCharge[]): void {
    const { account, ledger, repo } = this.deps;
    for (const charge of charges) {
      if (charge.product !== 'spot' && charge.product !== 'futures') continue;
      const shares = this.rebatePpm[charge.product];
      const level1 = account.inviterOf(charge.uid);
      if (level1 === null) continue;
      const level2 = account.inviterOf(level1);
      const beneficiaries: [number, 1 | 2, number][] = [[level1, 1, shares.level1]];
      if (level2 !== null) beneficiaries.push([level2, 2, shares.level2]);
      for (const [uid, level, ppm] of beneficiaries) {
        const amount = (charge.amount * BigInt(ppm)) / BigInt(PPM);
        const reference = `rewards:rebate:${charge.reference}:${charge.uid}:${charge.role}:${level}`;
        repo.insertRebate({
          uid,
          from_uid: charge.uid,
          level,
          product: charge.product,
          asset: charge.asset,
          fee: charge.amount,
          amount,
          reference,
          day: utcDay(charge.at),
          at: charge.at,
        });
        if (amount > 0n) {
          ledger.transfer({
            reference,
            reason: REWARD_REASONS.rebate,
            from: charge.account,
            to: user(uid, 'gold', charge.asset),
            amount,
            meta: { fromUid: charge.uid, level, trade: charge.trade },
          });
        }
      }
    }
  }

  private team(uid: number): { level1: UserRow[]; level2: UserRow[] } {
    const { account } = this.deps;
    const level1 = account.invitees(uid);
    const level2 = level1.flatMap((u) => account.invitees(u.uid));
    return { level1, level2 };
  }

  private amounts(rows: readonly { asset: string; amount: bigint }[]): AssetAmount[] {
    const sums = new Map<string, bigint>();
    for (const r of rows) sums.set(r.asset, (sums.get(r.asset) ?? 0n) + r.amount);
    return [...sums]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([asset, amount]) => ({ asset, amount: this.format(asset, amount) }));
  }

  invite(uid: number): InviteSummary {
    const { account, repo } = this.deps;
    const me = account.requireUser(uid);
    const { level1, level2 } = this.team(uid);
    const byInvitee = new Map<number, { asset: string; amount: bigint }[]>();
    for (const r of repo.rebatesByInvitee(uid)) {
      const list = byInvitee.get(n(r.from_uid)) ?? [];
      list.push({ asset: r.asset, amount: r.amount });
      byInvitee.set(n(r.from_uid), list);
    }
    const row = (u: UserRow, level: 1 | 2): Invitee => ({
      account: this.masked(u.uid),
      level,
      registeredAt: n(u.created_at),
      rebates: this.amounts(byInvitee.get(u.uid) ?? []),
    });
    return {
      code: me.invite_code,
      path: `/pages/login/register?code=${encodeURIComponent(me.invite_code)}`,
      invitees: level1.length,
      team: level2.length,
      rebates: this.amounts(repo.rebateTotals(uid)),
      shares: this.rebateShares(),
      list: [...level1.map((u) => row(u, 1)), ...level2.map((u) => row(u, 2))].slice(0, 100),
    };
  }

  partner(uid: number): PartnerData {
    const { repo } = this.deps;
    const today = utcDay(this.now());
    const first = today - PARTNER_DAYS + 1;
    const { level1, level2 } = this.team(uid);
    const rows = repo.rebateDays(uid, first);
    const days = Array.from({ length: PARTNER_DAYS }, (_, i) => {
      const day = first + i;
      const of = rows.filter((r) => n(r.day) === day);
      return {
        day: day * DAY_MS,
        newInvitees: level1.filter((u) => utcDay(n(u.created_at)) === day).length,
        fees: this.amounts(of.map((r) => ({ asset: r.asset, amount: r.fee }))),
        rebates: this.amounts(of.filter((r) => r.amount > 0n).map((r) => ({ asset: r.asset, amount: r.amount }))),
      };
    });
    return {
      from: first * DAY_MS,
      to: (today + 1) * DAY_MS,
      invitees: level1.length,
      team: level2.length,
      activeTraders: repo.activeTraders(uid, first),
      fees: this.amounts(rows.map((r) => ({ asset: r.asset, amount: r.fee }))),
      rebates: this.amounts(rows.filter((r) => r.amount > 0n).map((r) => ({ asset: r.asset, amount: r.amount }))),
      days,
    };
  }

  adminRebates(query: { page: number; size: number }) {
    const { repo } = this.deps;
    const list = repo.rebatesPage(query.size, (query.page - 1) * query.size).map((r) => ({
      id: n(r.id),
      uid: n(r.uid),
      fromUid: n(r.from_uid),
      level: n(r.level),
      product: r.product,
      asset: r.asset,
      fee: this.format(r.asset, r.fee),
      amount: this.format(r.asset, r.amount),
      at: n(r.at),
    }));
    return { list, total: repo.rebateCount(), page: query.page, size: query.size };
  }

  // ---- newcomer tasks ------------------------------------------------------------------------------------------

  private newcomerDays(): number {
    const stored = this.deps.repo.setting('newcomerDays');
    return stored === undefined ? DEFAULT_NEWCOMER_DAYS : Number(stored);
  }

  /** Each task's reward and budget: the operator's, or the default reward with no budget yet. */
  private newcomerTable(): Map<NewcomerRewardTask, { asset: string; amount: bigint; budget: bigint; paid: bigint }> {
    const { ledger, repo } = this.deps;
    const stored = new Map(repo.newcomerTasks().map((t) => [t.task, t]));
    const table = new Map<NewcomerRewardTask, { asset: string; amount: bigint; budget: bigint; paid: bigint }>();
    for (const task of NEWCOMER_REWARD_TASKS) {
      const row = stored.get(task);
      if (row) table.set(task, { asset: row.asset, amount: row.amount, budget: row.budget, paid: row.paid });
      else {
        const scale = ledger.hasAsset('USDT') ? ledger.asset('USDT').scale : 8;
        table.set(task, { asset: 'USDT', amount: parseDecimal(DEFAULT_NEWCOMER[task], scale), budget: 0n, paid: 0n });
      }
    }
    return table;
  }

  newcomer(uid: number): NewcomerRewards {
    const { account, repo, security } = this.deps;
    const me = account.requireUser(uid);
    const days = this.newcomerDays();
    const deadline = n(me.created_at) + days * DAY_MS;
    const open = this.now() < deadline;
    const done = new Map(security.newcomerTasks(uid).tasks.map((t) => [t.key, t.done]));
    const claims = new Map(repo.newcomerClaims(uid).map((c) => [c.task, c]));
    const tasks = [...this.newcomerTable()].map(([task, t]) => {
      const claim = claims.get(task);
      const isDone = done.get(task) ?? false;
      const budgetLeft = t.amount > 0n && t.budget - t.paid >= t.amount;
      return {
        task,
        done: isDone,
        asset: claim?.asset ?? t.asset,
        amount: this.format(claim?.asset ?? t.asset, claim?.amount ?? t.amount),
        claimed: claim !== undefined,
        claimedAt: claim ? n(claim.at) : null,
        claimable: !claim && isDone && open && budgetLeft && this.poolAvailable(t.asset) >= t.amount,
        budgetLeft,
      };
    });
    return { tasks, done: tasks.filter((t) => t.done).length, total: tasks.length, deadline, days };
  }

  /**
   * Pays a done task's reward once: from the task's budget and the reward pool into the gold wallet, with the claim
   * row (primary key user × task) in the same transaction.
   */
  claimNewcomer(uid: number, task: NewcomerRewardTask, claim?: () => void): NewcomerClaimResult {
    const { tx, repo, account, security } = this.deps;
    return tx.run(() => {
      const me = account.requireUser(uid);
      if (repo.newcomerClaims(uid).some((c) => c.task === task)) fail('NEWCOMER_REWARD_CLAIMED');
      const t = this.newcomerTable().get(task);
      if (!t || t.amount === 0n) fail('NEWCOMER_TASK_CLOSED');
      const days = this.newcomerDays();
      if (this.now() >= n(me.created_at) + days * DAY_MS) fail('NEWCOMER_TASK_EXPIRED', { days });
      const done = security.newcomerTasks(uid).tasks.find((x) => x.key === task)?.done ?? false;
      if (!done) fail('NEWCOMER_TASK_NOT_DONE');
      if (!repo.payNewcomer(task, t.amount)) fail('NEWCOMER_BUDGET_EXHAUSTED');
      claim?.();
      const at = this.now();
      repo.insertNewcomerClaim(uid, task, t.asset, t.amount, at);
      this.payFromPool(uid, t.asset, t.amount, `rewards:newcomer:${uid}:${task}`, REWARD_REASONS.newcomer);
      return { task, asset: t.asset, amount: this.format(t.asset, t.amount), at };
    });
  }

  /** The demo's newcomer rewards and budgets, once (when no operator set any). */
  seedNewcomerDemo(input: z.input<typeof NewcomerSettingsBody>): void {
    if (this.deps.repo.newcomerTasks().length > 0) return;
    this.updateNewcomer({ days: Number(input.days), tasks: input.tasks.map((t) => ({ ...t })) });
  }

  newcomerSettings(): NewcomerSettings {
    const counts = this.deps.repo.newcomerClaimCounts();
    return {
      days: this.newcomerDays(),
      tasks: [...this.newcomerTable()].map(([task, t]) => ({
        task,
        asset: t.asset,
        amount: this.format(t.asset, t.amount),
        budget: this.format(t.asset, t.budget),
        paid: this.format(t.asset, t.paid),
        claims: counts.get(task) ?? 0,
      })),
    };
  }

  updateNewcomer(input: z.output<typeof NewcomerSettingsBody>): NewcomerSettings {
    const { repo, tx } = this.deps;
    tx.run(() => {
      const current = this.newcomerTable();
      for (const t of input.tasks) {
        const amount = this.amount(t.asset, t.amount, true);
        const budget = this.amount(t.asset, t.budget, true);
        const now = current.get(t.task);
        const paid = now?.paid ?? 0n;
        if (now && now.asset !== t.asset && paid > 0n)
          fail('NEWCOMER_BUDGET_BELOW_PAID', { paid: this.format(now.asset, paid) });
        if (budget < paid) fail('NEWCOMER_BUDGET_BELOW_PAID', { paid: this.format(t.asset, paid) });
        repo.putNewcomerTask({ task: t.task, asset: t.asset, amount, budget });
      }
      repo.putSetting('newcomerDays', String(input.days));
    });
    return this.newcomerSettings();
  }
}
