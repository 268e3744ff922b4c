import fc from 'fast-check';
import { fee as feeFor, RATE_ONE } from '@bourse/money';
import { describe, expect, it } from 'vitest';
import { settleFunding, type FundingParticipant } from './funding';
import { bankruptcyValue, planLiquidation, settleLiquidationClose, type LiquidationDecision } from './liquidation';
import {
  bankruptcyPrice,
  crossPool,
  hasRecovered,
  isLiquidatable,
  isolatedPool,
  liquidationPrice,
  poolRisk,
  type CrossAccount,
  type MarginPool,
} from './pool';
import { adlCapacity } from './adl';
import { applyCrossPnl, closeLots, initialMarginFor, sideSign, type Position } from './position';
import { defineContract, lotsNotional, notionalCapForLeverage, type Contract } from './contract';
import { compareRatio, ratio, wholeRatio } from './ratio';
import { btcInput, contractArb, positionArb } from './test/fixtures';
import { maxOpenLots, reduceOnlyLots } from './validation';

const RUNS = { numRuns: 400 };

/** equity − MM of a pool with one position's mark replaced. */
function slack(pool: MarginPool, index: number, mark: bigint): bigint {
  const positions = pool.positions.map((e, i) => (i === index ? { ...e, mark } : e));
  const risk = poolRisk({ ...pool, positions });
  return risk.equity - risk.maintenance;
}

/**
 * The boundary property: at L the pool is liquidated, one price unit to the safe side it is not, and equity − MM at
 * L is within what one price unit moves it: Q (the position's value per price unit) plus MM's own slope, Q × MMR.
 */
function checkBoundary(pool: MarginPool, index: number): void {
  const { position } = pool.positions[index]!;
  const c = position.contract;
  const q = position.lots * c.lotValue;
  const oneUnit = q + (q * c.tiers[c.tiers.length - 1]!.mmr) / RATE_ONE + 1n;
  const l = liquidationPrice(pool, index);
  if (position.side === 'long') {
    if (l === null) {
      expect(slack(pool, index, 1n) > 0n).toBe(true);
      return;
    }
    expect(l >= 1n).toBe(true);
    const s = slack(pool, index, l);
    expect(s <= 0n && s > -q).toBe(true); // a long's equity − MM rises by at most Q a unit
    expect(slack(pool, index, l + 1n) > 0n).toBe(true);
  } else {
    expect(l).not.toBeNull();
    const s = slack(pool, index, l!);
    expect(s <= 0n).toBe(true);
    if (l! > 1n) {
      expect(s > -oneUnit).toBe(true);
      expect(slack(pool, index, l! - 1n) > 0n).toBe(true);
    }
  }
}

interface CrossCase {
  account: CrossAccount;
  marks: Map<string, bigint>;
}

/** A cross account of one to three positions on distinct random contracts. */
const crossArb: fc.Arbitrary<CrossCase> = fc
  .tuple(fc.array(positionArb('cross'), { minLength: 1, maxLength: 3 }), fc.bigInt({ min: 0n, max: 10n ** 14n }))
  .map(([cases, walletSeed]) => {
    const positions: Position[] = [];
    const marks = new Map<string, bigint>();
    cases.forEach((c, i) => {
      const contract: Contract = { ...c.contract, symbol: `${c.contract.symbol}#${i}` };
      positions.push({ ...c.position, contract });
      marks.set(contract.symbol, c.mark);
    });
    // a wallet around the positions' IM, so accounts range from bankrupt to safe
    const im = positions.reduce((s, p) => s + initialMarginFor(p.cost, p.leverage), 0n);
    const wallet = (im * (walletSeed % 3_000n)) / 1_000n;
    return { account: { wallet, unpaidLoss: 0n, positions }, marks };
  });

describe('liquidation price (property)', () => {
  it(
    'isolated: at mark = the liquidation price equity − MM is within one price unit of zero, and the boundary is exact',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(positionArb('isolated'), ({ position, mark }) => checkBoundary(isolatedPool(position, mark), 0)),
        RUNS,
      );
    },
  );

  it('cross: the same for each position, the others held at their marks', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(crossArb, ({ account, marks }) => {
        const pool = crossPool(account, marks);
        pool.positions.forEach((_, i) => checkBoundary(pool, i));
      }),
      RUNS,
    );
  });

  it(
    'is exact where the solution falls on a whole price: every small case, both sides, both bases, all tiers',
    { timeout: 60_000 },
    () => {
      // one lot worth one amount unit per price unit (Q = 1): the solved inequality's bound is often a whole price,
      // where an off-by-one would show; random large values almost never land there
      for (const basis of ['entry', 'mark'] as const) {
        const contract = defineContract({
          ...btcInput(),
          priceScale: 0,
          qtyScale: 0,
          marginScale: 0,
          tickSize: 1n,
          lotQty: 1n,
          maintenanceBasis: basis,
          tiers: [
            { below: 40n, mmr: RATE_ONE / 50n, maxLeverage: 40 },
            { below: 90n, mmr: RATE_ONE / 20n, maxLeverage: 10 },
            { below: 1_000_000n, mmr: RATE_ONE / 8n, maxLeverage: 5 },
          ],
        });
        for (const side of ['long', 'short'] as const) {
          for (let lots = 1n; lots <= 3n; lots++) {
            for (let cost = 1n; cost <= 120n; cost += 7n) {
              for (let margin = 0n; margin <= 60n; margin += 3n) {
                const position: Position = { contract, side, lots, cost, leverage: 1, mode: 'isolated', margin };
                checkBoundary(isolatedPool(position, 50n), 0);
              }
            }
          }
        }
      }
    },
  );

  it(
    'bankruptcy price: equity is exactly zero there; a close at its value leaves nothing and no deficit',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(positionArb('isolated'), ({ position, mark }) => {
          const pool = isolatedPool(position, mark);
          const bp = bankruptcyPrice(pool, 0);
          if (bp === null) return;
          const q = position.lots * position.contract.lotValue;
          // margin + side × (bp × Q − cost) = 0, in rationals
          expect(position.margin * bp.den + sideSign(position.side) * (bp.num * q - position.cost * bp.den)).toBe(0n);
          const value = bankruptcyValue(position.contract, position.side, bp, position.lots);
          const closed = settleLiquidationClose(pool, 0, bp, position.lots, value);
          expect(closed.toWallet).toBe(0n); // isolated: the bankruptcy value of the whole is a whole number
          expect(closed.fee).toBe(0n);
          expect(closed.deficit).toBe(0n);
        }),
        RUNS,
      );
    },
  );

  it('moves toward the entry as leverage rises (margin = IM)', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(positionArb('isolated'), fc.integer({ min: 1, max: 124 }), ({ position, mark }, lev) => {
        const max = position.contract.maxLeverage;
        const low = Math.min(lev, max);
        const high = Math.min(low + 1, max);
        const at = (leverage: number): bigint | null => {
          const p = { ...position, leverage, margin: initialMarginFor(position.cost, leverage) };
          return liquidationPrice(isolatedPool(p, mark), 0);
        };
        const a = at(low);
        const b = at(high);
        if (position.side === 'long') expect((a ?? 0n) <= (b ?? 0n)).toBe(true);
        else expect(a! >= b!).toBe(true);
      }),
      RUNS,
    );
  });
});

// ---- the liquidation process ----------------------------------------------------------------------------------

/** A pool's state the tests can rebuild after a close. */
interface PoolState {
  mode: 'isolated' | 'cross';
  wallet: bigint;
  unpaidLoss: bigint;
  positions: Position[];
  marks: Map<string, bigint>;
}

function cloneState(s: PoolState): PoolState {
  return { ...s, positions: [...s.positions], marks: new Map(s.marks) };
}

function poolOf(s: PoolState): MarginPool {
  if (s.mode === 'isolated') {
    const p = s.positions[0]!;
    return isolatedPool(p, s.marks.get(p.contract.symbol)!);
  }
  return crossPool({ wallet: s.wallet, unpaidLoss: s.unpaidLoss, positions: s.positions }, s.marks);
}

/** Applies a close the way the server would; returns the wallet change for isolated (pot released). */
function applyClose(
  s: PoolState,
  d: Extract<LiquidationDecision, { action: 'close' }>,
  lots: bigint,
  value: bigint,
): void {
  const out = settleLiquidationClose(poolOf(s), d.index, d.bankruptcyPrice, lots, value);
  expect(out.fee >= 0n && out.toWallet >= 0n && out.deficit === 0n).toBe(true);
  if (s.mode === 'cross') {
    const w = applyCrossPnl(s.wallet, s.unpaidLoss, out.crossPnl);
    s.wallet = w.wallet;
    s.unpaidLoss = w.unpaidLoss;
  } else {
    s.wallet += out.toWallet;
    if (out.remaining !== null) expect(out.remaining.margin >= 0n).toBe(true);
  }
  s.positions = s.positions.flatMap((p, i) => (i !== d.index ? [p] : out.remaining === null ? [] : [out.remaining]));
}

/** Unhealthy pools: a random pool with one mark pushed to its liquidation price or beyond. */
const unhealthyArb: fc.Arbitrary<PoolState> = fc
  .tuple(
    fc.oneof(
      positionArb('isolated').map((c): PoolState => ({
        mode: 'isolated',
        wallet: 0n,
        unpaidLoss: 0n,
        positions: [c.position],
        marks: new Map([[c.contract.symbol, c.mark]]),
      })),
      crossArb.map((c): PoolState => ({
        mode: 'cross',
        wallet: c.account.wallet,
        unpaidLoss: 0n,
        positions: [...c.account.positions],
        marks: c.marks,
      })),
    ),
    fc.nat(),
    fc.integer({ min: 0, max: 60 }),
  )
  .map(([generated, pick, beyondPermille]) => {
    const s = cloneState(generated);
    const index = pick % s.positions.length;
    const p = s.positions[index]!;
    const l = liquidationPrice(poolOf(s), index);
    if (l !== null) {
      const beyond = (l * BigInt(beyondPermille)) / 1_000n;
      const mark = p.side === 'long' ? l - beyond : l + beyond;
      s.marks.set(p.contract.symbol, mark > 0n ? mark : 1n);
    }
    return s;
  })
  .filter((s) => isLiquidatable(poolRisk(poolOf(s)), s.positions.length));

describe('liquidation process (property)', () => {
  it(
    'after a partial liquidation filled at the mark, the position is gone or the pool is above MM × (1 + buffer)',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(unhealthyArb, (generated) => {
          const s = cloneState(generated);
          const d = planLiquidation(poolOf(s), { inLiquidation: false, hasOpenOrders: false });
          if (d.action !== 'close') throw new Error(`expected a close, got ${d.action}`);
          const { position, mark } = poolOf(s).positions[d.index]!;
          expect(d.lots >= 1n && d.lots <= position.lots).toBe(true);
          const equityBefore = d.risk.equity;
          // a bankrupt pool's mark is past its bankruptcy price: no fill there, the rest goes at bankruptcy value
          const withinLimit = compareRatio(wholeRatio(mark), d.bankruptcyPrice) * Number(sideSign(position.side)) >= 0;
          const value = withinLimit
            ? lotsNotional(position.contract, mark, d.lots)
            : bankruptcyValue(position.contract, position.side, d.bankruptcyPrice, d.lots);
          applyClose(s, d, d.lots, value);
          if (d.whole) return;
          expect(withinLimit).toBe(true);
          const risk = poolRisk(poolOf(s));
          expect(hasRecovered(risk)).toBe(true);
          expect(risk.equity <= equityBefore).toBe(true); // the only cost of a close at the mark is the fee
        }),
        RUNS,
      );
    },
  );

  it(
    'runs to completion with fills anywhere within the limit: never a negative pot, wallet or fee, ends healthy or flat',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(
          unhealthyArb,
          fc.array(fc.tuple(fc.nat(1_000), fc.nat(1_000)), { minLength: 50, maxLength: 50 }),
          (generated, draws) => {
            const s = cloneState(generated);
            let inLiquidation = false;
            const lotsAtStart = s.positions.reduce((n, p) => n + p.lots, 0n);
            const maxSteps = s.positions.length * (lotsAtStart.toString(2).length + 2);
            for (let step = 0; s.positions.length > 0; step++) {
              const d = planLiquidation(poolOf(s), { inLiquidation, hasOpenOrders: false, closesSoFar: step });
              inLiquidation = d.inLiquidation;
              if (d.action === 'none') break;
              if (d.action !== 'close') throw new Error('no orders here');
              const [lotsDraw, priceDraw] = draws[step % draws.length]!;
              const { position, mark } = poolOf(s).positions[d.index]!;
              const c = position.contract;
              const equityBefore = d.risk.equity;
              // the book takes part (or none) at a tick price between the limit and a bit past the mark
              const filled = (d.lots * BigInt(lotsDraw)) / 1_000n;
              if (filled > 0n && d.limitPrice !== null) {
                const far = position.side === 'long' ? (mark > d.limitPrice ? mark : d.limitPrice) : d.limitPrice;
                const near = position.side === 'long' ? d.limitPrice : mark < d.limitPrice ? mark : d.limitPrice;
                const span = (far - near) / c.tickSize;
                const price = near + ((span * BigInt(priceDraw)) / 1_000n) * c.tickSize;
                const fillPrice = price < c.tickSize ? c.tickSize : price;
                applyClose(s, d, filled, lotsNotional(c, fillPrice, filled));
              }
              const rest = d.lots - (d.limitPrice !== null ? filled : 0n);
              if (rest > 0n) applyClose(s, d, rest, bankruptcyValue(c, position.side, d.bankruptcyPrice, rest));
              // a liquidation never takes a solvent pool below zero
              const equityAfter = s.positions.length === 0 ? s.wallet - s.unpaidLoss : poolRisk(poolOf(s)).equity;
              if (equityBefore >= 0n) expect(equityAfter >= 0n).toBe(true);
              expect(s.wallet >= 0n && s.unpaidLoss >= 0n).toBe(true);
              expect(step < maxSteps).toBe(true); // halving after the first close bounds the steps
            }
            expect(s.positions.length === 0 || !isLiquidatable(poolRisk(poolOf(s)), s.positions.length)).toBe(true);
          },
        ),
        { numRuns: 200 },
      );
    },
  );
});

describe('ADL capacity (property)', () => {
  it('is exact: closing that many lots at the bankrupt price keeps the counterparty solvent, one more would not', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          positionArb('isolated').map((c) => ({ pool: isolatedPool(c.position, c.mark), index: 0 })),
          crossArb.map((c) => ({ pool: crossPool(c.account, c.marks), index: 0 })),
        ),
        fc.integer({ min: -300, max: 300 }),
        ({ pool, index }, bpPermille) => {
          const { position, mark } = pool.positions[index]!;
          const bankruptSide = position.side === 'long' ? 'short' : 'long';
          const bp = ratio(mark * (1_000n + BigInt(bpPermille)), 1_000n);
          const risk = poolRisk(pool);
          const k = adlCapacity(pool, index, risk, bankruptSide, bp);
          const solventAfter = (lots: bigint): boolean => {
            const value = bankruptcyValue(position.contract, bankruptSide, bp, lots);
            const equity =
              risk.equity + sideSign(position.side) * (value - lotsNotional(position.contract, mark, lots));
            const pot = position.margin + closeLots(position, lots, value).realizedPnl;
            return equity >= 0n && (position.mode === 'cross' || pot >= 0n);
          };
          expect(k >= 0n && k <= position.lots).toBe(true);
          if (k > 0n) expect(solventAfter(k)).toBe(true);
          if (k < position.lots) expect(solventAfter(k + 1n)).toBe(false);
        },
      ),
      RUNS,
    );
  });
});

// ---- funding ---------------------------------------------------------------------------------------------------

const fundingArb = fc
  .tuple(
    contractArb,
    fc.array(fc.bigInt({ min: 1n, max: 10n ** 6n }), { minLength: 1, maxLength: 8 }),
    fc.array(fc.bigInt({ min: 1n, max: 10n ** 6n }), { minLength: 1, maxLength: 8 }),
    fc.bigInt({ min: 1n, max: 10n ** 8n }),
    fc.bigInt({ min: -(RATE_ONE / 50n), max: RATE_ONE / 50n }),
    fc.array(fc.option(fc.bigInt({ min: 0n, max: 10n ** 9n })), { minLength: 16, maxLength: 16 }),
    fc.option(fc.bigInt({ min: 0n, max: 10n ** 9n })),
  )
  .map(([contract, generatedLongs, generatedShorts, mark, rate, payables, fundBalance]) => {
    // copies: fast-check replays generated values while shrinking, so they must never be modified
    const longs = [...generatedLongs];
    const shorts = [...generatedShorts];
    // balance open interest: the last short takes up the difference (or a long is added)
    const sum = (xs: bigint[]): bigint => xs.reduce((a, b) => a + b, 0n);
    const diff = sum(longs) - sum(shorts);
    if (diff > 0n) shorts.push(diff);
    if (diff < 0n) longs.push(-diff);
    let id = 0;
    const participants: FundingParticipant[] = [
      ...longs.map((lots) => ({ id: id++, side: 'long' as const, lots, payable: payables[id % 16] ?? null })),
      ...shorts.map((lots) => ({ id: id++, side: 'short' as const, lots, payable: payables[id % 16] ?? null })),
    ];
    return { contract, mark, rate, participants, fundBalance };
  });

describe('funding (property)', () => {
  it(
    'sums to exactly zero with the fund; payers pay ≤ one unit over exact, receivers get ≤ one unit under',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(fundingArb, ({ contract, mark, rate, participants, fundBalance }) => {
          const s = settleFunding(contract, mark, rate, participants, fundBalance);
          expect(s.amounts.reduce((a, x) => a + x.amount, 0n) + s.insuranceFund).toBe(0n);
          expect(s.dust >= 0n && s.dust < BigInt(participants.length)).toBe(true);
          expect(s.shortfall >= 0n && s.haircut >= 0n).toBe(true);
          // the fund never ends below zero when its balance is given; without a shortfall nobody is cut
          if (fundBalance !== null) expect(fundBalance + s.insuranceFund >= 0n).toBe(true);
          if (s.shortfall === 0n) expect(s.haircut).toBe(0n);
          s.amounts.forEach(({ amount }, i) => {
            const p = participants[i]!;
            const exact = lotsNotional(contract, mark, p.lots) * rate; // × 10^12
            const pays = (rate > 0n && p.side === 'long') || (rate < 0n && p.side === 'short');
            const signedExact = pays ? -(exact < 0n ? -exact : exact) : exact < 0n ? -exact : exact;
            if (pays) {
              expect(amount <= 0n).toBe(true);
              if (p.payable === null) {
                expect(amount * RATE_ONE <= signedExact && amount * RATE_ONE > signedExact - RATE_ONE).toBe(true);
              } else expect(-amount <= (p.payable > 0n ? p.payable : 0n)).toBe(true);
            } else if (s.haircut === 0n) {
              expect(amount * RATE_ONE <= signedExact && amount * RATE_ONE > signedExact - RATE_ONE).toBe(true);
            } else expect(amount >= 0n && amount * RATE_ONE <= signedExact).toBe(true);
          });
        }),
        RUNS,
      );
    },
  );
});

// ---- checks ----------------------------------------------------------------------------------------------------

describe('order checks (property)', () => {
  it(
    'max openable lots: IM + fee of that many fit the balance and the tier cap, one more does not',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(
          contractArb,
          fc.bigInt({ min: 1n, max: 10n ** 7n }),
          fc.integer({ min: 1, max: 125 }),
          fc.bigInt({ min: 1n, max: 10n ** 16n }),
          fc.integer({ min: 0, max: 10_000 }),
          (contract, price, lev, available, feePpm) => {
            const leverage = Math.min(lev, contract.maxLeverage);
            const k = maxOpenLots(contract, { price, leverage, available, feePpm, side: 'buy', position: null });
            const cost = (lots: bigint): bigint => {
              const v = lotsNotional(contract, price, lots);
              return initialMarginFor(v, leverage) + feeFor(v, feePpm);
            };
            const cap = notionalCapForLeverage(contract, leverage);
            if (k > 0n) expect(cost(k) <= available && lotsNotional(contract, price, k) < cap).toBe(true);
            expect(cost(k + 1n) > available || lotsNotional(contract, price, k + 1n) >= cap).toBe(true);
          },
        ),
        RUNS,
      );
    },
  );

  it('reduce-only fills never grow or flip a position', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1_000n }),
        fc.array(fc.tuple(fc.constantFrom('buy' as const, 'sell' as const), fc.bigInt({ min: 1n, max: 400n }))),
        (start, orders) => {
          let position: { side: 'long' | 'short'; lots: bigint } | null = { side: 'short', lots: start };
          for (const [side, lots] of orders) {
            const take = reduceOnlyLots(position, side, lots);
            if (take === 0n) continue;
            const before: { side: 'long' | 'short'; lots: bigint } = position!;
            const left: bigint = before.lots - take;
            expect(left >= 0n && left < before.lots).toBe(true);
            position = left === 0n ? null : { side: before.side, lots: left };
          }
        },
      ),
      RUNS,
    );
  });
});
