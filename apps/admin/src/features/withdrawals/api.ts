import { type RouteQueryInput, walletAdminApi } from '@bourse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export type WithdrawalListQuery = NonNullable<RouteQueryInput<typeof walletAdminApi.withdrawals>>;

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  list: (query: WithdrawalListQuery) => ['withdrawals', 'list', query] as const,
};

export function useWithdrawals(query: WithdrawalListQuery) {
  return useQuery({
    queryKey: withdrawalKeys.list(query),
    queryFn: ({ signal }) => api.call(walletAdminApi.withdrawals, { query, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  const settle = () => void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
  const approve = useMutation({
    mutationFn: (id: number) => api.call(walletAdminApi.approveWithdrawal, { body: { id } }),
    onSuccess: settle,
  });
  const reject = useMutation({
    mutationFn: (body: { id: number; reason: string }) => api.call(walletAdminApi.rejectWithdrawal, { body }),
    onSuccess: settle,
  });
  return { approve, reject };
}

/** The evidence beside a withdrawal under review (computed by the server when asked). */
export function useWithdrawalRisk(id: number | null) {
  return useQuery({
    queryKey: ['withdrawals', 'risk', id],
    queryFn: ({ signal }) => api.call(walletAdminApi.withdrawalRisk, { params: { id: id ?? 0 }, signal, toast: false }),
    enabled: id !== null,
  });
}

const settingsKey = ['withdrawals', 'settings'] as const;

export function useWalletSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.call(walletAdminApi.settings, { signal, toast: false }),
  });
}

export function useUpdateWalletSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doubleReviewAboveUsdt: string) =>
      api.call(walletAdminApi.updateSettings, { body: { doubleReviewAboveUsdt } }),
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
}
