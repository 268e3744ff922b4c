import { type Wallet, WALLET_PRODUCTS, WALLETS } from '@bourse/contract';
import { useMemo } from 'react';
import { useClosedProducts } from '../../lib/products';

/**
 * The wallets that take transfers now: those whose product is available (GET /api/common/products). A closed
 * product's wallet still shows in the balances while it holds something — the server lists it — so it can be emptied.
 */
export function useOpenWallets(): readonly Wallet[] {
  const closed = useClosedProducts();
  return useMemo(
    () =>
      WALLETS.filter((w) => {
        const product = WALLET_PRODUCTS[w];
        return product === null || !closed.has(product);
      }),
    [closed],
  );
}

/** Where a transfer out of `from` goes unless the user picks: spot, or from spot the first other open wallet. */
export function defaultTarget(from: Wallet, open: readonly Wallet[]): Wallet {
  if (from !== 'spot') return 'spot';
  return open.find((w) => w !== 'spot') ?? 'spot';
}
