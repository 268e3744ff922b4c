import type { DemoPeriod } from './service';

/** The pairs a fresh install offers (their spot markets' index), in display order. */
export const DEMO_OPTION_PAIRS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'DOGE_USDT'] as const;

/** RULEBOOK "Up/down options": 30 s 80%, 60 s 85%, 180 s 85%, 300 s 90%; 10–10,000 USDT a bet; no fee. */
export const DEMO_OPTION_PERIODS: readonly DemoPeriod[] = [
  { period: 30, payoutRatio: '0.8', feeRate: '0', minAmount: '10', maxAmount: '10000', roundCap: '200000' },
  { period: 60, payoutRatio: '0.85', feeRate: '0', minAmount: '10', maxAmount: '10000', roundCap: '300000' },
  { period: 180, payoutRatio: '0.85', feeRate: '0', minAmount: '10', maxAmount: '10000', roundCap: '500000' },
  { period: 300, payoutRatio: '0.9', feeRate: '0', minAmount: '10', maxAmount: '10000', roundCap: '500000' },
];

/** Moved from the demo account's spot wallet to its options wallet at the first start. */
export const DEMO_OPTIONS_FUNDS = { asset: 'USDT', amount: '1000' } as const;
