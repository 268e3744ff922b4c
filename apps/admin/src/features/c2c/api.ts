import { type C2C_DEPOSIT_EVENT_KINDS, c2cAdminApi } from '@bourse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export type C2CDepositKind = (typeof C2C_DEPOSIT_EVENT_KINDS)[number];

export const c2cKeys = {
  all: ['c2c'] as const,
  appeals: (status: 'open' | 'closed', page: number) => ['c2c', 'appeals', status, page] as const,
  merchants: (page: number) => ['c2c', 'merchants', page] as const,
  orders: (page: number) => ['c2c', 'orders', page] as const,
  ads: (page: number) => ['c2c', 'ads', page] as const,
  order: (id: number) => ['c2c', 'order', id] as const,
  deposits: (page: number, kind: string) => ['c2c', 'deposits', page, kind] as const,
  settings: ['c2c', 'settings'] as const,
};

const SIZE = 20;

export function useAppeals(status: 'open' | 'closed', page: number) {
  return useQuery({
    queryKey: c2cKeys.appeals(status, page),
    queryFn: ({ signal }) =>
      api.call(c2cAdminApi.appeals, { query: { status, page, size: SIZE }, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useMerchants(page: number) {
  return useQuery({
    queryKey: c2cKeys.merchants(page),
    queryFn: ({ signal }) => api.call(c2cAdminApi.merchants, { query: { page, size: SIZE }, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(page: number) {
  return useQuery({
    queryKey: c2cKeys.orders(page),
    queryFn: ({ signal }) => api.call(c2cAdminApi.orders, { query: { page, size: SIZE }, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useAds(page: number) {
  return useQuery({
    queryKey: c2cKeys.ads(page),
    queryFn: ({ signal }) => api.call(c2cAdminApi.ads, { query: { page, size: SIZE }, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(page: number, kind: C2CDepositKind | undefined) {
  return useQuery({
    queryKey: c2cKeys.deposits(page, kind ?? ''),
    queryFn: ({ signal }) =>
      api.call(c2cAdminApi.deposits, { query: { page, size: SIZE, kind }, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useC2CSettings() {
  return useQuery({
    queryKey: c2cKeys.settings,
    queryFn: ({ signal }) => api.call(c2cAdminApi.settings, { signal, toast: false }),
  });
}

export function useOrderDetail(id: number | null) {
  return useQuery({
    queryKey: c2cKeys.order(id ?? 0),
    queryFn: ({ signal }) => api.call(c2cAdminApi.order, { params: { id: id ?? 0 }, signal, toast: false }),
    enabled: id !== null,
  });
}

export function loadOrderImage(kind: 'image' | 'evidence', id: number, file: number, signal: AbortSignal) {
  return api.file(kind === 'image' ? c2cAdminApi.orderImage : c2cAdminApi.orderEvidence, {
    params: { id, file },
    signal,
    toast: false,
  });
}

/** Every C2C action refreshes every C2C list (queues, merchants, orders, ads). */
export function useC2CAction<A, R>(run: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: c2cKeys.all }),
  });
}

export const PAGE_SIZE = SIZE;
