import type { Wallet } from '../constants';

/**
 * The products of the exchange. A product is available when a module provides it (it is built) and the operator
 * has not switched it off; a product that is not available shows no banner, shortcut, wallet tab or transfer
 * target, and its calls answer PRODUCT_CLOSED.
 */
export const PRODUCTS = [
  'spot',
  'futures',
  'options',
  'c2c',
  'earn',
  'subscription',
  'mining',
  'loans',
  'rewards',
  'membership',
  'copy',
  'chat',
] as const;
export type ProductKey = (typeof PRODUCTS)[number];

/** The product each wallet belongs to (null: always there). */
export const WALLET_PRODUCTS: Readonly<Record<Wallet, ProductKey | null>> = {
  spot: null,
  contract: 'futures',
  fiat: 'c2c',
  options: 'options',
  gold: 'rewards',
  mining: 'mining',
};
