import type { LoanableAssetInput, LoanCollateralInput } from '@bourse/contract';

/** What a fresh install lends (configuration: the operator edits or pauses it later). RULEBOOK: 65 / 75 / 83 %. */
export const DEMO_LOAN_ASSETS: LoanableAssetInput[] = [
  { asset: 'USDT', apr: '8', minAmount: '10', maxAmount: '500000', status: 'active' },
  { asset: 'BTC', apr: '3', minAmount: '0.001', maxAmount: '10', status: 'active' },
  { asset: 'ETH', apr: '4', minAmount: '0.01', maxAmount: '200', status: 'active' },
];

export const DEMO_LOAN_COLLATERAL: LoanCollateralInput[] = ['BTC', 'ETH', 'BNB', 'SOL', 'USDT'].map((asset) => ({
  asset,
  initialLtv: '65',
  marginCallLtv: '75',
  liquidationLtv: '83',
  status: 'active' as const,
}));

/** The loan book's first budget from the treasury, per coin. */
export const DEMO_LOAN_BOOK: readonly { asset: string; amount: string }[] = [
  { asset: 'USDT', amount: '2000000' },
  { asset: 'BTC', amount: '20' },
  { asset: 'ETH', amount: '400' },
];
