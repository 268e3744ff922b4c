import { miningApi, type MinerStatus } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';

export const MINING_PATHS = {
  machines: '/pages/mining/index',
  miners: '/pages/mining/miners',
} as const;

const keys = {
  machines: ['mining', 'machines'] as const,
  miners: [USER_SCOPE, 'mining', 'miners'] as const,
  summary: [USER_SCOPE, 'mining', 'summary'] as const,
};

export function useMachines() {
  return useQuery({ queryKey: keys.machines, queryFn: () => api.call(miningApi.machines, { toast: false }) });
}

export function useMiners() {
  return useQuery({
    queryKey: keys.miners,
    queryFn: () => api.call(miningApi.miners, { query: { page: 1, size: 100 }, toast: false }),
  });
}

export function useMiningSummary() {
  return useQuery({ queryKey: keys.summary, queryFn: () => api.call(miningApi.summary, { toast: false }) });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: [USER_SCOPE, 'mining'] });
    void client.invalidateQueries({ queryKey: keys.machines });
    void client.invalidateQueries({ queryKey: [USER_SCOPE, 'wallet'] });
  };
}

export function useBuy() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { machineId: number; fuel: string; requestId: string }) =>
      api.call(miningApi.buy, { body, toast: false }),
    onSuccess: refresh,
  });
}

export function useRefuel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { minerId: number; amount: string; requestId: string }) =>
      api.call(miningApi.refuel, { body, toast: false }),
    onSuccess: refresh,
  });
}

export function useCollect() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { minerId?: number; requestId: string }) => api.call(miningApi.collect, { body, toast: false }),
    onSuccess: refresh,
  });
}

export const STATUS_TONE: Record<MinerStatus, 'ok' | 'pending' | 'bad' | 'off'> = {
  not_started: 'pending',
  running: 'ok',
  ended: 'off',
  collected: 'off',
};
