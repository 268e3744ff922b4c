import {
  type AdminWealthPosition,
  type AdminWealthProduct,
  wealthAdminApi,
  type WealthProductInput,
  type WealthProductUpdate,
} from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export type { AdminWealthPosition, AdminWealthProduct };

export const wealthKeys = {
  all: ['wealth'] as const,
  products: ['wealth', 'products'] as const,
  totals: ['wealth', 'totals'] as const,
  positions: (filter: PositionFilter) => ['wealth', 'positions', filter] as const,
};

export interface PositionFilter {
  productId?: number;
  uid?: number;
  state?: AdminWealthPosition['state'];
  page: number;
}

export function useWealthProducts() {
  return useQuery({
    queryKey: wealthKeys.products,
    queryFn: ({ signal }) => api.call(wealthAdminApi.products, { signal, toast: false }),
  });
}

export function useWealthTotals() {
  return useQuery({
    queryKey: wealthKeys.totals,
    queryFn: ({ signal }) => api.call(wealthAdminApi.totals, { signal, toast: false }),
  });
}

export function useWealthPositions(filter: PositionFilter) {
  return useQuery({
    queryKey: wealthKeys.positions(filter),
    queryFn: ({ signal }) =>
      api.call(wealthAdminApi.positions, {
        query: { ...filter, size: 20 },
        signal,
        toast: false,
      }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: wealthKeys.all });
}

export function useSaveWealthProduct() {
  const onSuccess = useInvalidate();
  const create = useMutation({
    mutationFn: (body: WealthProductInput) => api.call(wealthAdminApi.createProduct, { body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: WealthProductUpdate }) =>
      api.call(wealthAdminApi.updateProduct, { params: { id }, body }),
    onSuccess,
  });
  return { create, update };
}

export function useRevokePosition() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.call(wealthAdminApi.revoke, { params: { id }, body: { reason } }),
    onSuccess,
  });
}
