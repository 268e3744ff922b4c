import { type ListingInput, listingsApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';

export const listingsKeys = { mine: [USER_SCOPE, 'listings', 'mine'] as const };

export function useMyListings() {
  return useQuery({
    queryKey: listingsKeys.mine,
    queryFn: ({ signal }) => api.call(listingsApi.mine, { query: { page: 1, size: 50 }, toast: false, signal }),
    // What an operator or another page changed (a review, a trade's discount) shows on every visit.
    refetchOnMount: 'always',
  });
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ListingInput) => api.call(listingsApi.apply, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: listingsKeys.mine }),
  });
}
