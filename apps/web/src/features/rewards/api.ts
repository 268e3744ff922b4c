import { rewardsApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';

export { newRequestId } from '../../lib/requestId';

export const rewardsKeys = {
  all: [USER_SCOPE, 'rewards'] as const,
  checkin: [USER_SCOPE, 'rewards', 'checkin'] as const,
  fairness: [USER_SCOPE, 'rewards', 'fairness'] as const,
  prices: [USER_SCOPE, 'rewards', 'prices'] as const,
  draws: [USER_SCOPE, 'rewards', 'draws'] as const,
  invite: [USER_SCOPE, 'rewards', 'invite'] as const,
  partner: [USER_SCOPE, 'rewards', 'partner'] as const,
  boxes: ['rewards', 'boxes'] as const,
  wins: ['rewards', 'wins'] as const,
  rank: ['rewards', 'rank'] as const,
};

export function useCheckin() {
  return useQuery({
    queryKey: rewardsKeys.checkin,
    queryFn: ({ signal }) => api.call(rewardsApi.checkinState, { toast: false, signal }),
  });
}

export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => api.call(rewardsApi.checkin, { body: { requestId } }),
    onSettled: () => client.invalidateQueries({ queryKey: rewardsKeys.checkin }),
  });
}

export function useBoxes() {
  return useQuery({
    queryKey: rewardsKeys.boxes,
    queryFn: ({ signal }) => api.call(rewardsApi.boxInfo, { toast: false, signal }),
  });
}

/** What the signed-in user pays for each box (their membership's box discount applied by the server). */
export function useBoxPrices(enabled: boolean) {
  return useQuery({
    queryKey: rewardsKeys.prices,
    queryFn: ({ signal }) => api.call(rewardsApi.boxPrices, { toast: false, signal }),
    enabled,
  });
}

export function useWins() {
  return useQuery({
    queryKey: rewardsKeys.wins,
    queryFn: ({ signal }) => api.call(rewardsApi.boxNew, { toast: false, signal }),
  });
}

export function useRank() {
  return useQuery({
    queryKey: rewardsKeys.rank,
    queryFn: ({ signal }) => api.call(rewardsApi.boxRank, { toast: false, signal }),
  });
}

export function useFairness(enabled: boolean) {
  return useQuery({
    queryKey: rewardsKeys.fairness,
    queryFn: ({ signal }) => api.call(rewardsApi.boxFairness, { toast: false, signal }),
    enabled,
  });
}

export function useDraws(enabled: boolean) {
  return useQuery({
    queryKey: rewardsKeys.draws,
    queryFn: ({ signal }) => api.call(rewardsApi.boxDraws, { query: { page: 1, size: 50 }, toast: false, signal }),
    enabled,
  });
}

export function useOpenBox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { boxId: number; requestId: string }) => api.call(rewardsApi.boxOpen, { body: input }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: rewardsKeys.fairness }),
        client.invalidateQueries({ queryKey: rewardsKeys.draws }),
        client.invalidateQueries({ queryKey: rewardsKeys.boxes }),
        client.invalidateQueries({ queryKey: rewardsKeys.wins }),
        client.invalidateQueries({ queryKey: rewardsKeys.rank }),
      ]),
  });
}

export function useRotateSeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string | undefined) => api.call(rewardsApi.boxSeed, { body: { clientSeed } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: rewardsKeys.fairness }),
        client.invalidateQueries({ queryKey: rewardsKeys.draws }),
      ]),
  });
}

export function useInvite() {
  return useQuery({
    queryKey: rewardsKeys.invite,
    queryFn: ({ signal }) => api.call(rewardsApi.invite, { toast: false, signal }),
  });
}

export function usePartner() {
  return useQuery({
    queryKey: rewardsKeys.partner,
    queryFn: ({ signal }) => api.call(rewardsApi.partner, { toast: false, signal }),
  });
}
