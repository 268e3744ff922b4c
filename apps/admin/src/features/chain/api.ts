import { type NetworkSettingsBody, type RouteBodyInput, walletAdminApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const chainKeys = {
  state: ['chain', 'state'] as const,
  networks: ['chain', 'networks'] as const,
};

export function useChainState() {
  return useQuery({
    queryKey: chainKeys.state,
    queryFn: ({ signal }) => api.call(walletAdminApi.chain, { signal, toast: false }),
  });
}

export function useNetworks(enabled = true) {
  return useQuery({
    queryKey: chainKeys.networks,
    queryFn: ({ signal }) => api.call(walletAdminApi.networks, { signal, toast: false }),
    enabled,
  });
}

export function useChainTools() {
  const queryClient = useQueryClient();
  const refreshState = () => void queryClient.invalidateQueries({ queryKey: chainKeys.state });
  return {
    deposit: useMutation({
      mutationFn: (body: RouteBodyInput<typeof walletAdminApi.testDeposit>) =>
        api.call(walletAdminApi.testDeposit, { body }),
      onSuccess: refreshState,
    }),
    mine: useMutation({
      mutationFn: (blocks: number) => api.call(walletAdminApi.mine, { body: { blocks } }),
      onSuccess: (state) => queryClient.setQueryData(chainKeys.state, state),
    }),
    fail: useMutation({
      mutationFn: (txHash: string) => api.call(walletAdminApi.failTransaction, { body: { txHash } }),
      onSuccess: refreshState,
    }),
  };
}

export function useUpdateNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkSettingsBody) => api.call(walletAdminApi.updateNetwork, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chainKeys.networks }),
  });
}
