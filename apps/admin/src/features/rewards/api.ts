import { type BoxInput, type NewcomerSettingsBody, rewardsAdminApi, type RewardSettingsBody } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/client';

export type BoxValues = z.input<typeof BoxInput>;
export type SettingsValues = z.input<typeof RewardSettingsBody>;
export type NewcomerValues = z.input<typeof NewcomerSettingsBody>;

export const rewardsKeys = {
  pool: ['rewards', 'pool'] as const,
  settings: ['rewards', 'settings'] as const,
  boxes: ['rewards', 'boxes'] as const,
  rebates: (page: number) => ['rewards', 'rebates', page] as const,
  newcomer: ['rewards', 'newcomer'] as const,
};

export function usePool() {
  return useQuery({
    queryKey: rewardsKeys.pool,
    queryFn: ({ signal }) => api.call(rewardsAdminApi.pool, { signal, toast: false }),
  });
}

export function useFundPool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { asset: string; amount: string }) => api.call(rewardsAdminApi.fundPool, { body }),
    onSuccess: (data) => client.setQueryData(rewardsKeys.pool, data),
  });
}

export function useRewardSettings() {
  return useQuery({
    queryKey: rewardsKeys.settings,
    queryFn: ({ signal }) => api.call(rewardsAdminApi.settings, { signal, toast: false }),
  });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsValues) => api.call(rewardsAdminApi.updateSettings, { body }),
    onSuccess: (data) => client.setQueryData(rewardsKeys.settings, data),
  });
}

export function useBoxes() {
  return useQuery({
    queryKey: rewardsKeys.boxes,
    queryFn: ({ signal }) => api.call(rewardsAdminApi.boxes, { signal, toast: false }),
  });
}

export function useSaveBox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BoxValues }) =>
      id === null
        ? api.call(rewardsAdminApi.createBox, { body })
        : api.call(rewardsAdminApi.updateBox, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: rewardsKeys.boxes }),
  });
}

export function useRebates(page: number) {
  return useQuery({
    queryKey: rewardsKeys.rebates(page),
    queryFn: ({ signal }) => api.call(rewardsAdminApi.rebates, { query: { page, size: 20 }, signal, toast: false }),
  });
}

export function useNewcomer() {
  return useQuery({
    queryKey: rewardsKeys.newcomer,
    queryFn: ({ signal }) => api.call(rewardsAdminApi.newcomer, { signal, toast: false }),
  });
}

export function useSaveNewcomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewcomerValues) => api.call(rewardsAdminApi.updateNewcomer, { body }),
    onSuccess: (data) => {
      client.setQueryData(rewardsKeys.newcomer, data);
      void client.invalidateQueries({ queryKey: rewardsKeys.pool });
    },
  });
}
