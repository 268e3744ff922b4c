import {
  type AdminSubscriptionApplication,
  type AdminSubscriptionProject,
  subscriptionAdminApi,
  type SubscriptionProjectInput,
  type SubscriptionProjectUpdate,
} from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export type { AdminSubscriptionApplication, AdminSubscriptionProject };

export const subscriptionKeys = {
  all: ['subscription'] as const,
  projects: ['subscription', 'projects'] as const,
  applications: (id: number, page: number, uid?: number) =>
    ['subscription', 'applications', id, page, uid ?? 0] as const,
};

export function useProjects() {
  return useQuery({
    queryKey: subscriptionKeys.projects,
    queryFn: ({ signal }) => api.call(subscriptionAdminApi.projects, { signal, toast: false }),
  });
}

export function useProjectApplications(id: number | null, page: number, uid?: number) {
  return useQuery({
    queryKey: subscriptionKeys.applications(id ?? 0, page, uid),
    queryFn: ({ signal }) =>
      api.call(subscriptionAdminApi.applications, {
        params: { id: id ?? 0 },
        query: { uid, page, size: 20 },
        signal,
        toast: false,
      }),
    enabled: id !== null,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
}

export function useSaveProject() {
  const onSuccess = useInvalidate();
  const create = useMutation({
    mutationFn: (body: SubscriptionProjectInput) => api.call(subscriptionAdminApi.createProject, { body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: SubscriptionProjectUpdate }) =>
      api.call(subscriptionAdminApi.updateProject, { params: { id }, body }),
    onSuccess,
  });
  return { create, update };
}

export function useCancelProject() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.call(subscriptionAdminApi.cancelProject, { params: { id } }),
    onSuccess,
  });
}
