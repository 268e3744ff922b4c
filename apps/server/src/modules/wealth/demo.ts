import type { WealthProductValues } from '@bourse/contract';
import type { WealthService } from './service';

/**
 * The products a fresh install offers (the operator changes them in the console): a flexible USDT product, fixed
 * USDT terms of 7, 30 and 90 days, and flexible BTC and fixed ETH ones. Budgets are what the exchange commits to pay
 * in interest; the quotas cap what all users together may hold.
 */
export const DEFAULT_WEALTH_PRODUCTS: WealthProductValues[] = [
  {
    asset: 'USDT',
    kind: 'flexible',
    termDays: null,
    apr: '0.045',
    minAmount: '10',
    maxPerUser: '50000',
    quota: '5000000',
    interestBudget: '250000',
    status: 'active',
    sort: 10,
  },
  {
    asset: 'USDT',
    kind: 'fixed',
    termDays: 7,
    apr: '0.06',
    minAmount: '100',
    maxPerUser: '20000',
    quota: '1000000',
    interestBudget: '50000',
    status: 'active',
    sort: 20,
  },
  {
    asset: 'USDT',
    kind: 'fixed',
    termDays: 30,
    apr: '0.08',
    minAmount: '100',
    maxPerUser: '50000',
    quota: '2000000',
    interestBudget: '150000',
    status: 'active',
    sort: 30,
  },
  {
    asset: 'USDT',
    kind: 'fixed',
    termDays: 90,
    apr: '0.1',
    minAmount: '500',
    maxPerUser: '100000',
    quota: '2000000',
    interestBudget: '300000',
    status: 'active',
    sort: 40,
  },
  {
    asset: 'BTC',
    kind: 'flexible',
    termDays: null,
    apr: '0.012',
    minAmount: '0.0001',
    maxPerUser: '10',
    quota: '500',
    interestBudget: '5',
    status: 'active',
    sort: 50,
  },
  {
    asset: 'ETH',
    kind: 'fixed',
    termDays: 30,
    apr: '0.035',
    minAmount: '0.01',
    maxPerUser: '100',
    quota: '5000',
    interestBudget: '50',
    status: 'active',
    sort: 60,
  },
];

/** The demo account's holding: a flexible USDT subscription, so the pages and the records fill day by day. */
export const DEMO_HOLDING = { asset: 'USDT', amount: '200' } as const;

export function seedWealthProducts(wealth: WealthService): void {
  if (wealth.adminProducts().length > 0) return;
  for (const product of DEFAULT_WEALTH_PRODUCTS) wealth.createProduct(product);
}

export function seedWealthDemo(wealth: WealthService, uid: number): void {
  if (wealth.positions(uid, { page: 1, size: 1 }).total > 0) return;
  const flexible = wealth
    .products()
    .find((p) => p.asset === DEMO_HOLDING.asset && p.kind === 'flexible' && p.status === 'active');
  if (flexible) wealth.subscribe(uid, { productId: flexible.id, amount: DEMO_HOLDING.amount });
}
