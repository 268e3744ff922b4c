import { ledgerAdminApi } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const ledgerKeys = { reconcile: ['ledger', 'reconcile'] as const };

/** A full reconciliation (on the server's worker thread): kept for a minute, run again on request. */
export function useReconciliation() {
  return useQuery({
    queryKey: ledgerKeys.reconcile,
    queryFn: ({ signal }) => api.call(ledgerAdminApi.reconcile, { signal, toast: false }),
    staleTime: 60_000,
  });
}
