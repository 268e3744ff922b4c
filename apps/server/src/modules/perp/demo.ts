import type { RiskTierInput, SwapContractInput } from '@bourse/contract';

/** RULEBOOK demo tiers (BTC): < 50k 0.4%; < 250k 0.5%; < 1M 1%; < 10M 2.5%; scaled down for smaller contracts. */
function tiers(scale: number): RiskTierInput[] {
  const t = (below: number, mmr: string, maxLeverage: number): RiskTierInput => ({
    below: String(below * scale),
    mmr,
    maxLeverage,
  });
  return [t(50_000, '0.004', 100), t(250_000, '0.005', 50), t(1_000_000, '0.01', 20), t(10_000_000, '0.025', 10)];
}

function contract(
  base: string,
  pricePrecision: number,
  tickSize: string,
  contractSize: string,
  tierScale: number,
  sort: number,
  hot: boolean,
): SwapContractInput {
  return {
    base,
    quote: 'USDT',
    pricePrecision,
    tickSize,
    contractSize,
    minLots: 1,
    maxLotsPerOrder: 100_000,
    makerFee: '0.0002',
    takerFee: '0.0005',
    liquidationFee: '0.003',
    liquidationBuffer: '0.2',
    wholeLiquidationBelow: '1000',
    maintenanceBasis: 'entry',
    fundingIntervalMinutes: 480,
    interestRate: '0.0001',
    premiumClamp: '0.0005',
    fundingCap: '0.02',
    priceBand: '0.05',
    openInterestLimit: 0,
    status: 'open',
    hot,
    sort,
    tiers: tiers(tierScale),
  };
}

/** The contracts a fresh install offers (issue 12): USDT-margined linear perpetuals. */
export const DEMO_CONTRACTS: readonly SwapContractInput[] = [
  contract('BTC', 1, '0.1', '0.001', 1, 1, true),
  contract('ETH', 2, '0.01', '0.01', 1, 2, true),
  contract('SOL', 3, '0.001', '0.1', 0.2, 3, true),
  contract('BNB', 2, '0.01', '0.01', 0.2, 4, false),
  contract('XRP', 4, '0.0001', '10', 0.2, 5, false),
  contract('DOGE', 5, '0.00001', '100', 0.2, 6, true),
];

/** System capital (USDT ledger units are set by the caller): the market maker's and the insurance fund's. */
export const DEMO_MM_CAPITAL = '50000000';
export const DEMO_INSURANCE_FUND = '1000000';
