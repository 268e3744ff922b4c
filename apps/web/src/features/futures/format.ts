import type { SwapContract } from '@bourse/contract';
import type { MarketPrecision } from '../../lib/trading/market';

/** Decimals of USDT figures on the futures pages (margins, PnL, fees, funding): small amounts stay readable. */
export const MONEY_DECIMALS = 4;

export type ContractPrecisions = Pick<SwapContract, 'base' | 'quote' | 'pricePrecision' | 'sizePrecision'>;

/** A contract's precisions, or sensible ones while the contract list is not loaded yet (from `BASE_QUOTE`). */
export function precisionsOf(symbol: string, contract: ContractPrecisions | undefined): ContractPrecisions {
  if (contract) return contract;
  const [base = '', quote = ''] = symbol.split('_');
  return { base, quote, pricePrecision: 8, sizePrecision: 8 };
}

/**
 * A contract as the trading kit's book and depth chart see it: quantities are whole lots (the unit's name in the
 * reader's language), prices at the contract's precision.
 */
export function bookMarketOf(
  contract: Pick<SwapContract, 'quote' | 'pricePrecision' | 'tickSize'>,
  lotsUnit: string,
): MarketPrecision {
  return {
    base: lotsUnit,
    quote: contract.quote,
    pricePrecision: contract.pricePrecision,
    quantityPrecision: 0,
    tickSize: contract.tickSize,
  };
}
