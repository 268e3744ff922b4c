import { copyAdminApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const copyKeys = {
  all: ['copy'] as const,
  applications: ['copy', 'applications'] as const,
  leaders: ['copy', 'leaders'] as const,
  settlements: (page: number) => ['copy', 'settlements', page] as const,
  settings: ['copy', 'settings'] as const,
};

export function useApplications() {
  return useQuery({
    queryKey: copyKeys.applications,
    queryFn: ({ signal }) => api.call(copyAdminApi.applications, { query: {}, signal, toast: false }),
  });
}

export function useReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; approve: boolean; reason?: string }) =>
      api.call(copyAdminApi.review, {
        params: { id: input.id },
        body: { approve: input.approve, reason: input.reason },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: copyKeys.all }),
  });
}

export function useLeaders() {
  return useQuery({
    queryKey: copyKeys.leaders,
    queryFn: ({ signal }) => api.call(copyAdminApi.leaders, { signal, toast: false }),
  });
}

export function useSettlements(page: number) {
  return useQuery({
    queryKey: copyKeys.settlements(page),
    queryFn: ({ signal }) => api.call(copyAdminApi.settlements, { query: { page, size: 20 }, signal, toast: false }),
  });
}

export function useCopySettings() {
  return useQuery({
    queryKey: copyKeys.settings,
    queryFn: ({ signal }) => api.call(copyAdminApi.settings, { signal, toast: false }),
  });
}

export function useSaveCopySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { escrowThreshold: string }) => api.call(copyAdminApi.updateSettings, { body }),
    onSuccess: (data) => client.setQueryData(copyKeys.settings, data),
  });
}
