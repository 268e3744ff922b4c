import { type RouteQueryInput, securityAdminApi } from '@bourse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export type IdentityListQuery = NonNullable<RouteQueryInput<typeof securityAdminApi.identities>>;

export const identityKeys = {
  all: ['identity'] as const,
  list: (query: IdentityListQuery) => ['identity', 'list', query] as const,
  detail: (id: number) => ['identity', 'detail', id] as const,
  photo: (id: number, side: string) => ['identity', 'photo', id, side] as const,
};

export function useIdentities(query: IdentityListQuery) {
  return useQuery({
    queryKey: identityKeys.list(query),
    queryFn: ({ signal }) => api.call(securityAdminApi.identities, { query, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useIdentity(id: number) {
  return useQuery({
    queryKey: identityKeys.detail(id),
    queryFn: ({ signal }) => api.call(securityAdminApi.identity, { params: { id }, signal, toast: false }),
  });
}

/** Approve or reject: the detail is replaced by the answer, every list is fetched again. */
export function useIdentityDecision() {
  const queryClient = useQueryClient();
  const settle = (detail: { id: number }) => {
    queryClient.setQueryData(identityKeys.detail(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: identityKeys.all });
  };
  const approve = useMutation({
    mutationFn: (id: number) => api.call(securityAdminApi.approveIdentity, { params: { id } }),
    onSuccess: settle,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.call(securityAdminApi.rejectIdentity, { params: { id }, body: { reason } }),
    onSuccess: settle,
  });
  return { approve, reject };
}
