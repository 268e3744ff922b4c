import { subscriptionApi, type SubscriptionApplication, type SubscriptionProject } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';
import { useSettings } from '../../lib/stores/settings';

export { newRequestId } from '../../lib/requestId';
export type { SubscriptionApplication, SubscriptionProject };

export const subscriptionKeys = {
  projects: (lang: string) => ['subscription', 'projects', lang] as const,
  all: ['subscription'] as const,
  mine: [USER_SCOPE, 'subscription'] as const,
  applications: (projectId: number | undefined) =>
    [USER_SCOPE, 'subscription', 'applications', projectId ?? 0] as const,
};

export function useProjects() {
  // The intro comes in the reader's language.
  const lang = useSettings((s) => s.lang);
  return useQuery({
    // Returns, maturities and allocations come from the scheduler: each visit asks again.
    staleTime: 0,
    queryKey: subscriptionKeys.projects(lang),
    queryFn: ({ signal }) => api.call(subscriptionApi.projects, { toast: false, signal }),
  });
}

export function useApplications(projectId: number | undefined, enabled: boolean) {
  return useQuery({
    // Returns, maturities and allocations come from the scheduler: each visit asks again.
    staleTime: 0,
    queryKey: subscriptionKeys.applications(projectId),
    queryFn: ({ signal }) =>
      api.call(subscriptionApi.applications, {
        query: { page: 1, size: 50, ...(projectId ? { projectId } : {}) },
        toast: false,
        signal,
      }),
    enabled,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: subscriptionKeys.all }),
      client.invalidateQueries({ queryKey: subscriptionKeys.mine }),
      client.invalidateQueries({ queryKey: [USER_SCOPE, 'wallet'] }),
    ]);
}

export function useApply() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { projectId: number; amount: string; requestId: string }) =>
      api.call(subscriptionApi.apply, { body, toast: false }),
    onSuccess: () => invalidate(),
  });
}

export function useWithdraw() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { applicationId: number; requestId: string }) =>
      api.call(subscriptionApi.withdraw, { body, toast: false }),
    onSuccess: () => invalidate(),
  });
}
