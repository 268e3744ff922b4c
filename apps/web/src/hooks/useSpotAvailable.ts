import { type Balances, walletApi } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { USER_SCOPE } from '../lib/query';

/** The wallet balances' cache key (the wallet feature's own; a wallet change invalidates `[USER_SCOPE, 'wallet']`). */
const BALANCES_KEY = [USER_SCOPE, 'wallet', 'balances'] as const;

/**
 * What the user has available in the spot wallet of one asset, as the server says (undefined while unknown; '0' when
 * the wallet holds none) — the "available" line under an amount a product takes from spot.
 */
export function useSpotAvailable(asset: string | undefined, enabled: boolean) {
  const balances = useQuery({
    queryKey: BALANCES_KEY,
    queryFn: ({ signal }) => api.call(walletApi.balances, { toast: false, signal }),
    enabled,
  });
  return { ...balances, available: spotAvailable(balances.data, asset) };
}

function spotAvailable(data: Balances | undefined, asset: string | undefined): string | undefined {
  if (!data || !asset) return undefined;
  const spot = data.wallets.find((w) => w.wallet === 'spot');
  return spot?.assets.find((a) => a.asset === asset)?.available ?? '0';
}
