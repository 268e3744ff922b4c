import { parseDecimal, parseSignedDecimal } from '@bourse/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundContract } from '../perp/testing';
import { copyLimit, slippagePpm } from './service';
import { type CopyWorld, expectCopyConsistent, startCopyServer } from './testing';

/**
 * Random leader trades copied by 100 followers of mixed settings: every copy within the caps and the slippage cap,
 * closes proportional, profit share never charged below the high-water mark, compensation never above the escrow,
 * and the ledger reconciles after every step.
 */

const FOLLOWERS = 100;
const SYMBOL = 'BTC_USDT';
const CS = 1000n; // 0.001 BTC per lot, as a divisor of the price
const PRICE_SCALE = 10n; // BTC prices have one decimal

let w: CopyWorld;

beforeAll(async () => {
  w = await startCopyServer();
}, 120_000);

afterAll(async () => {
  await w.server.close();
});

type Step =
  { kind: 'open'; side: 'buy' | 'sell'; lots: number } | { kind: 'close'; part: number } | { kind: 'move'; bp: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    lots: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({ kind: fc.constant('close' as const), part: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('move' as const), bp: fc.integer({ min: -150, max: 150 }) }),
);

interface FollowerSetup {
  mode: 'fixed' | 'ratio';
  amount: string;
  ratio: string;
  funds: string;
}

const followerArb: fc.Arbitrary<FollowerSetup> = fc.record({
  mode: fc.constantFrom('fixed' as const, 'ratio' as const),
  amount: fc.integer({ min: 11, max: 400 }).map(String),
  ratio: fc.integer({ min: 1, max: 30 }).map((n) => (n / 10).toFixed(1)),
  funds: fc.integer({ min: 5, max: 3000 }).map(String),
});

describe('copy trading under random leader trades (property)', () => {
  it('keeps every rule with 100 followers of mixed settings', async () => {
    const setups = fc.sample(followerArb, { numRuns: FOLLOWERS, seed: 17 });
    const steps = fc.sample(stepArb, { numRuns: 30, seed: 4217 });
    const { ctx } = w;
    const leaderUid = await ctx.account.createUser({ account: 'leader-prop@example.com', password: 'secret123' });
    await fundContract(ctx, [{ uid: leaderUid, amount: '200000' }]);
    const app = ctx.copy.apply(leaderUid, true);
    ctx.copy.review(app.id, true, undefined, 1);
    ctx.copy.moveEscrow(leaderUid, 'in', '300');
    const perTradeCap = 150n * 10n ** 8n;
    const totalCap = 600n * 10n ** 8n;
    const share = 250_000n;
    ctx.copy.configure(leaderUid, {
      mode: 'compensate',
      profitShare: '0.25',
      minCopyAmount: '10',
      compensationRatio: '0.4',
      perTradeCap: '150',
      totalCap: '600',
    });
    const escrowStart = ctx.copy.escrowOf(leaderUid);
    const followers: number[] = [];
    for (let i = 0; i < FOLLOWERS; i++) {
      const s = setups[i] as FollowerSetup;
      const uid = await ctx.account.createUser({ account: `f${i}-prop@example.com`, password: 'secret123' });
      followers.push(uid);
      await fundContract(ctx, [{ uid, amount: s.funds }]);
      ctx.copy.follow(uid, { leaderUid, mode: s.mode, amount: s.amount, ratio: s.ratio, agree: true });
    }
    const copyLots = () => {
      const m = new Map<number, number>();
      for (const f of ctx.copy.leaderBook(leaderUid).followers) m.set(f.followerUid, f.open[0]?.lots ?? 0);
      return m;
    };
    let price = 20000;
    let checkedRecords = 0;
    let opens = 0;
    let closes = 0;
    let skips = 0;
    for (const step of steps) {
      const leaderPos = ctx.perp.openPosition(leaderUid, SYMBOL);
      if (step.kind === 'move') {
        price = Math.round(price * (1 + step.bp / 10_000));
        w.index.set(SYMBOL, String(price));
        ctx.perp.refreshMarks(w.clock.now());
        ctx.perp.quote();
        continue;
      }
      ctx.perp.quote(); // the market maker refills the book between the leader's trades
      const before = copyLots();
      if (step.kind === 'close') {
        if (!leaderPos) continue;
        const lots = Math.max(1, Math.floor((leaderPos.lots * step.part) / 100));
        ctx.perp.placeUserOrder(leaderUid, {
          symbol: SYMBOL,
          side: leaderPos.side === 'long' ? 'sell' : 'buy',
          type: 'market',
          lots,
          timeInForce: 'GTC',
          postOnly: false,
          reduceOnly: true,
        });
        ctx.copy.flush();
        const after = copyLots();
        const flat = lots >= leaderPos.lots;
        for (const [uid, had] of before) {
          // Proportional: ceil(copy × closed / leader's lots before), all when the leader is flat; never skipped.
          const want = flat ? had : Math.min(had, Math.ceil((had * lots) / leaderPos.lots));
          expect(after.get(uid), `follower ${uid} after closing ${lots}/${leaderPos.lots}`).toBe(had - want);
        }
      } else {
        ctx.perp.placeUserOrder(leaderUid, {
          symbol: SYMBOL,
          side: step.side,
          type: 'market',
          lots: step.lots,
          timeInForce: 'GTC',
          postOnly: false,
          reduceOnly: false,
        });
        ctx.copy.flush();
        if (!ctx.perp.openPosition(leaderUid, SYMBOL)) {
          for (const [, lots] of copyLots()) expect(lots).toBe(0);
        }
      }
      // Every new open within the slippage cap of the leader's price and within the per-trade cap.
      const records = ctx.copy.allRecords().slice(checkedRecords);
      checkedRecords += records.length;
      for (const r of records) {
        if (r.kind === 'skip') skips++;
        if (r.kind === 'close') closes++;
        if (r.kind !== 'open') continue;
        opens++;
        const leaderPrice = parseDecimal(r.leaderPrice as string, 1);
        const fill = parseDecimal(r.price as string, 8); // an average: more decimals than the tick
        const limit = copyLimit(r.side as 'buy' | 'sell', leaderPrice, 1n, slippagePpm(SYMBOL));
        if (r.side === 'buy') expect(fill).toBeLessThanOrEqual(limit * 10n ** 7n);
        else expect(fill).toBeGreaterThanOrEqual(limit * 10n ** 7n);
        const lev = BigInt(ctx.perp.settingsOf(r.followerUid, SYMBOL).leverage);
        const sizing = r.side === 'buy' ? limit : leaderPrice;
        const perLot = (sizing * 10n ** 8n) / PRICE_SCALE / CS;
        const marginPerLot = (perLot + lev - 1n) / lev;
        expect(BigInt(r.lots as number) * marginPerLot).toBeLessThanOrEqual(perTradeCap);
      }
      // Every relationship's open copies within the total cap (and a ratio follower's own amount).
      for (const f of ctx.copy.leaderBook(leaderUid).followers) {
        const cap = f.mode === 'ratio' ? minBig(totalCap, parseDecimal(f.amount, 8)) : totalCap;
        expect(parseDecimal(f.margin, 8)).toBeLessThanOrEqual(cap);
      }
      expectCopyConsistent(w);
    }
    // Settle twice (a weekly slot, then the unfollow of everyone): the high-water mark and the escrow hold.
    w.clock.set(Date.UTC(2026, 10, 30, 0, 0, 1));
    await w.server.runDue();
    for (const uid of followers) {
      try {
        ctx.copy.unfollow(uid, leaderUid, true);
      } catch (e) {
        expect(String(e)).toMatch(/NO_LIQUIDITY/);
      }
    }
    let compensation = 0n;
    const settlements = ctx.copy.allSettlements();
    const byFollow = new Map<number, typeof settlements>();
    for (const s of settlements) byFollow.set(s.followId, [...(byFollow.get(s.followId) ?? []), s]);
    for (const [, list] of byFollow) {
      let shared = 0n;
      let previousHigh = 0n;
      for (const s of list) {
        const share1 = parseDecimal(s.profitShare, 8);
        const high = parseSignedDecimal(s.highWaterMark, 8);
        shared += share1;
        compensation += parseDecimal(s.compensation, 8);
        // Never charged below the high-water mark: all shares together stay within share × the highest profit.
        expect(high).toBeGreaterThanOrEqual(previousHigh);
        expect(shared).toBeLessThanOrEqual(((high > 0n ? high : 0n) * share) / 1_000_000n);
        previousHigh = high;
      }
    }
    expect(compensation).toBeLessThanOrEqual(escrowStart);
    expect(ctx.copy.escrowOf(leaderUid)).toBe(escrowStart - compensation);
    expect(opens).toBeGreaterThan(0);
    expect(closes).toBeGreaterThan(0);
    expect(skips).toBeGreaterThan(0);
    expectCopyConsistent(w);
  }, 300_000);
});

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
