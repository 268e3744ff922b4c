import {
  type OptionPairInput,
  type OptionPeriodInput,
  optionsAdminApi,
  type OptionsAdminConfig,
} from '@bourse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const optionKeys = {
  config: ['options', 'config'] as const,
  rounds: (filter: RoundFilter) => ['options', 'rounds', filter] as const,
  round: (id: number) => ['options', 'round', id] as const,
  house: (from: number, to: number) => ['options', 'house', from, to] as const,
};

export interface RoundFilter {
  symbol?: string;
  period?: number;
  state?: 'pending' | 'open' | 'settled' | 'void';
  joined: boolean;
  page: number;
  size: number;
}

export function useOptionsConfig() {
  return useQuery({
    queryKey: optionKeys.config,
    queryFn: ({ signal }) => api.call(optionsAdminApi.config, { signal, toast: false }),
  });
}

export function useSaveOptionTerms() {
  const queryClient = useQueryClient();
  const onSuccess = (config: OptionsAdminConfig) => queryClient.setQueryData(optionKeys.config, config);
  const pair = useMutation({
    mutationFn: (body: OptionPairInput) => api.call(optionsAdminApi.savePair, { body }),
    onSuccess,
  });
  const period = useMutation({
    mutationFn: (body: OptionPeriodInput) => api.call(optionsAdminApi.savePeriod, { body }),
    onSuccess,
  });
  return { pair, period };
}

export function useOptionRounds(filter: RoundFilter) {
  return useQuery({
    queryKey: optionKeys.rounds(filter),
    queryFn: ({ signal }) =>
      api.call(optionsAdminApi.rounds, {
        query: { ...filter, joined: filter.joined ? 'true' : undefined },
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOptionRound(id: number | null) {
  return useQuery({
    queryKey: optionKeys.round(id ?? 0),
    queryFn: ({ signal }) => api.call(optionsAdminApi.round, { params: { id: id ?? 0 }, signal, toast: false }),
    enabled: id !== null,
  });
}

export function useOptionHouse(from: number, to: number) {
  return useQuery({
    queryKey: optionKeys.house(from, to),
    queryFn: ({ signal }) => api.call(optionsAdminApi.house, { query: { from, to }, signal, toast: false }),
  });
}
