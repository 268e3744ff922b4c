import fc from 'fast-check';
import { parseRate, pow10, RATE_ONE } from '@bourse/money';
import { defineContract, type Contract, type ContractInput, type MaintenanceTierInput } from '../contract';
import { initialMarginFor, type MarginMode, type Position, type PositionSide } from '../position';

/** 1 USDT in amount units (ledger scale 8). */
export const USDT = pow10(8);

export const FUNDING = {
  intervalMs: 8 * 3_600_000,
  interestRate: parseRate('0.0001'),
  premiumClamp: parseRate('0.0005'),
  rateCap: parseRate('0.02'),
};

/** The rulebook's demo BTC: 0.001 BTC a lot, tick 0.1, tiers <50k 0.4%; <250k 0.5%; <1M 1%; <10M 2.5%. */
export function btcInput(overrides: Partial<ContractInput> = {}): ContractInput {
  return {
    symbol: 'BTC-USDT',
    priceScale: 1,
    tickSize: 1n,
    qtyScale: 3,
    lotQty: 1n,
    marginScale: 8,
    minLots: 1n,
    tiers: [
      { below: 50_000n * USDT, mmr: parseRate('0.004'), maxLeverage: 100 },
      { below: 250_000n * USDT, mmr: parseRate('0.005'), maxLeverage: 50 },
      { below: 1_000_000n * USDT, mmr: parseRate('0.01'), maxLeverage: 20 },
      { below: 10_000_000n * USDT, mmr: parseRate('0.025'), maxLeverage: 10 },
    ],
    maintenanceBasis: 'entry',
    makerFeePpm: 200,
    takerFeePpm: 500,
    liquidationFeePpm: 5_000,
    liquidationBuffer: parseRate('0.2'),
    wholeLiquidationBelow: 1_000n * USDT,
    funding: FUNDING,
    ...overrides,
  };
}

export const BTC = defineContract(btcInput());
export const BTC_MARK_BASIS = defineContract(btcInput({ maintenanceBasis: 'mark' }));

/** ETH: 0.01 ETH a lot, tick 0.01. */
export const ETH = defineContract(
  btcInput({
    symbol: 'ETH-USDT',
    priceScale: 2,
    qtyScale: 2,
    lotQty: 1n,
    maintenanceBasis: 'mark',
  }),
);

/** The rulebook's check: one tier, MMR 0.5%, up to 50×. */
export function rulebookContract(basis: 'entry' | 'mark'): Contract {
  return defineContract(
    btcInput({
      tiers: [{ below: 10_000_000n * USDT, mmr: parseRate('0.005'), maxLeverage: 50 }],
      maintenanceBasis: basis,
    }),
  );
}

/** A position opened at one price with margin = IM + extra (isolated) or 0 (cross). */
export function openAt(
  contract: Contract,
  side: PositionSide,
  lots: bigint,
  price: bigint,
  leverage: number,
  mode: MarginMode = 'isolated',
  extraMargin = 0n,
): Position {
  const cost = price * lots * contract.lotValue;
  return {
    contract,
    side,
    lots,
    cost,
    leverage,
    mode,
    margin: mode === 'isolated' ? initialMarginFor(cost, leverage) + extraMargin : 0n,
  };
}

// ---- arbitraries -----------------------------------------------------------------------------------------------

const tierArb: fc.Arbitrary<MaintenanceTierInput[]> = fc
  .tuple(
    fc.integer({ min: 1, max: 4 }),
    fc.array(fc.integer({ min: 2, max: 20 }), { minLength: 4, maxLength: 4 }),
    fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 4, maxLength: 4 }),
    fc.integer({ min: 500, max: 10_000 }),
    fc.integer({ min: 1_000, max: 100_000 }),
  )
  .map(([n, growth, mmrSteps, firstMmrPpm, firstBoundUsdt]) => {
    const tiers: MaintenanceTierInput[] = [];
    let below = BigInt(firstBoundUsdt) * USDT;
    let mmr = BigInt(firstMmrPpm) * 1_000_000n;
    let lev = 125;
    for (let i = 0; i < n; i++) {
      if (i > 0) {
        below *= BigInt(growth[i] as number);
        mmr += BigInt(mmrSteps[i] as number) * 1_000_000n;
      }
      lev = Math.max(1, Math.min(lev, Number((RATE_ONE - 1n) / mmr)));
      if (mmr * BigInt(lev) >= RATE_ONE) break;
      tiers.push({ below, mmr, maxLeverage: lev });
    }
    return tiers;
  })
  .filter((t) => t.length > 0);

/** Random contracts: scales, lot sizes, tiers (1–4), both maintenance bases. */
export const contractArb: fc.Arbitrary<Contract> = fc
  .record({
    priceScale: fc.integer({ min: 0, max: 4 }),
    qtyScale: fc.integer({ min: 0, max: 4 }),
    spare: fc.integer({ min: 0, max: 3 }),
    tick: fc.integer({ min: 1, max: 50 }),
    lotQty: fc.integer({ min: 1, max: 1_000 }),
    tiers: tierArb,
    basis: fc.constantFrom('entry' as const, 'mark' as const),
    liquidationFeePpm: fc.integer({ min: 0, max: 15_000 }),
    buffer: fc.integer({ min: 0, max: 500 }),
    wholeBelowUsdt: fc.integer({ min: 0, max: 2_000 }),
  })
  .map((r) =>
    defineContract({
      ...btcInput(),
      symbol: `X${r.priceScale}${r.qtyScale}${r.lotQty}`,
      priceScale: r.priceScale,
      qtyScale: r.qtyScale,
      marginScale: r.priceScale + r.qtyScale + r.spare,
      tickSize: BigInt(r.tick),
      lotQty: BigInt(r.lotQty),
      tiers: r.tiers.map((t) => ({
        ...t,
        below: (t.below * pow10(r.priceScale + r.qtyScale + r.spare)) / USDT,
      })),
      maintenanceBasis: r.basis,
      liquidationFeePpm: r.liquidationFeePpm,
      liquidationBuffer: BigInt(r.buffer) * 1_000_000_000n,
      wholeLiquidationBelow: BigInt(r.wholeBelowUsdt) * pow10(r.priceScale + r.qtyScale + r.spare),
    }),
  );

export interface PositionCase {
  contract: Contract;
  position: Position;
  /** An arbitrary mark near the entry. */
  mark: bigint;
}

/** A position of a random contract, opened in one to three fills, with random leverage and margin. */
export function positionArb(mode: MarginMode): fc.Arbitrary<PositionCase> {
  return contractArb.chain((contract) =>
    fc
      .record({
        side: fc.constantFrom('long' as const, 'short' as const),
        fills: fc.array(
          fc.record({ price: fc.bigInt({ min: 1n, max: 10_000_000n }), lots: fc.bigInt({ min: 1n, max: 100_000n }) }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        leverage: fc.integer({ min: 1, max: contract.maxLeverage }),
        extraPpm: fc.integer({ min: 0, max: 2_000_000 }),
        markMove: fc.integer({ min: -300, max: 300 }),
      })
      .map(({ side, fills, leverage, extraPpm, markMove }) => {
        let lots = 0n;
        let cost = 0n;
        for (const f of fills) {
          lots += f.lots;
          cost += f.price * f.lots * contract.lotValue;
        }
        const im = initialMarginFor(cost, leverage);
        const margin = mode === 'isolated' ? im + (im * BigInt(extraPpm)) / 1_000_000n : 0n;
        const avg = cost / (lots * contract.lotValue);
        const mark = avg + (avg * BigInt(markMove)) / 1_000n;
        const position: Position = { contract, side, lots, cost, leverage, mode, margin };
        return { contract, position, mark: mark > 0n ? mark : 1n };
      }),
  );
}
