import { membershipApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';

export { newRequestId } from '../../lib/requestId';

export const membershipKeys = {
  all: [USER_SCOPE, 'membership'] as const,
  info: [USER_SCOPE, 'membership', 'info'] as const,
  benefits: [USER_SCOPE, 'membership', 'benefits'] as const,
};

export function useMembership() {
  return useQuery({
    queryKey: membershipKeys.info,
    queryFn: ({ signal }) => api.call(membershipApi.overview, { toast: false, signal }),
    // What an operator or another page changed (a review, a trade's discount) shows on every visit.
    refetchOnMount: 'always',
  });
}

export function useBenefits() {
  return useQuery({
    queryKey: membershipKeys.benefits,
    queryFn: ({ signal }) => api.call(membershipApi.benefits, { toast: false, signal }),
    // What an operator or another page changed (a review, a trade's discount) shows on every visit.
    refetchOnMount: 'always',
  });
}

export function useBuyLevel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { level: number; requestId: string }) => api.call(membershipApi.buy, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: membershipKeys.all }),
  });
}
