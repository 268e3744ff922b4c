import {
  wealthApi,
  type WealthPosition,
  type WealthProduct,
  type WealthRedemption,
  type WealthReturn,
  type WealthSummary,
} from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';

export { newRequestId } from '../../lib/requestId';
export type { WealthPosition, WealthProduct, WealthRedemption, WealthReturn, WealthSummary };

export const wealthKeys = {
  products: ['wealth', 'products'] as const,
  mine: [USER_SCOPE, 'wealth'] as const,
  summary: [USER_SCOPE, 'wealth', 'summary'] as const,
  positions: (state: string) => [USER_SCOPE, 'wealth', 'positions', state] as const,
  returns: (positionId: number | undefined) => [USER_SCOPE, 'wealth', 'returns', positionId ?? 0] as const,
  redemptions: [USER_SCOPE, 'wealth', 'redemptions'] as const,
};

export function useProducts() {
  return useQuery({
    // Returns, maturities and allocations come from the scheduler: each visit asks again.
    staleTime: 0,
    queryKey: wealthKeys.products,
    queryFn: ({ signal }) => api.call(wealthApi.products, { toast: false, signal }),
  });
}

export function useSummary(enabled: boolean) {
  return useQuery({
    // Returns, maturities and allocations come from the scheduler: each visit asks again.
    staleTime: 0,
    queryKey: wealthKeys.summary,
    queryFn: ({ signal }) => api.call(wealthApi.summary, { toast: false, signal }),
    enabled,
  });
}

export function usePositions(state: 'open' | 'closed') {
  return useQuery({
    // Returns, maturities and allocations come from the scheduler: each visit asks again.
    staleTime: 0,
    queryKey: wealthKeys.positions(state),
    queryFn: ({ signal }) =>
      api.call(wealthApi.positions, { query: { state, page: 1, size: 50 }, toast: false, signal }),
  });
}

export function useReturns(positionId?: number) {
  return useQuery({
    // Returns, maturities and allocations come from the scheduler: each visit asks again.
    staleTime: 0,
    queryKey: wealthKeys.returns(positionId),
    queryFn: ({ signal }) =>
      api.call(wealthApi.returns, {
        query: { page: 1, size: 50, ...(positionId ? { positionId } : {}) },
        toast: false,
        signal,
      }),
  });
}

export function useRedemptions() {
  return useQuery({
    // Returns, maturities and allocations come from the scheduler: each visit asks again.
    staleTime: 0,
    queryKey: wealthKeys.redemptions,
    queryFn: ({ signal }) => api.call(wealthApi.redemptions, { query: { page: 1, size: 50 }, toast: false, signal }),
  });
}

/** The spot balance of one asset (what a subscription may lock). */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: wealthKeys.products }),
      client.invalidateQueries({ queryKey: wealthKeys.mine }),
      client.invalidateQueries({ queryKey: [USER_SCOPE, 'wallet'] }),
    ]);
}

export function useSubscribe() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { productId: number; amount: string; requestId: string }) =>
      api.call(wealthApi.subscribe, { body, toast: false }),
    onSuccess: () => invalidate(),
  });
}

export function useRedeem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { positionId: number; amount?: string; early?: boolean; requestId: string }) =>
      api.call(wealthApi.redeem, { body, toast: false }),
    onSuccess: () => invalidate(),
  });
}
