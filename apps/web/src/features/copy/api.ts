import { copyApi, perpApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { live } from '../../lib/live';
import { USER_SCOPE } from '../../lib/query';
import { useSession } from '../../lib/stores/session';

export { newRequestId } from '../../lib/requestId';

export const copyKeys = {
  traders: (days: number) => ['copy', 'traders', days] as const,
  trader: (uid: number) => ['copy', 'trader', uid] as const,
  me: [USER_SCOPE, 'copy', 'me'] as const,
  following: [USER_SCOPE, 'copy', 'following'] as const,
  records: (q: string) => [USER_SCOPE, 'copy', 'records', q] as const,
  book: [USER_SCOPE, 'copy', 'book'] as const,
  all: [USER_SCOPE, 'copy'] as const,
};

export function useLoggedIn(): boolean {
  return useSession((s) => s.token !== null);
}

export function useTraders(days: 7 | 30 | 90) {
  return useQuery({
    queryKey: copyKeys.traders(days),
    queryFn: ({ signal }) =>
      api.call(copyApi.traders, { query: { days: String(days) as '7', sort: 'roi' }, toast: false, signal }),
  });
}

export function useTrader(uid: number) {
  return useQuery({
    queryKey: copyKeys.trader(uid),
    queryFn: ({ signal }) => api.call(copyApi.trader, { params: { uid }, toast: false, signal }),
    enabled: uid > 0,
  });
}

export function useCopyMe() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: copyKeys.me,
    queryFn: ({ signal }) => api.call(copyApi.me, { toast: false, signal }),
    enabled: loggedIn,
    // An operator's review changes it from outside the app: read it again whenever a page shows it.
    refetchOnMount: 'always',
  });
}

export function useFollowing() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: copyKeys.following,
    queryFn: ({ signal }) => api.call(copyApi.following, { toast: false, signal }),
    enabled: loggedIn,
    refetchOnMount: 'always',
  });
}

export function useRecords(q: { followId?: number; role: 'follower' | 'leader' }) {
  return useQuery({
    queryKey: copyKeys.records(`${q.role}:${q.followId ?? ''}`),
    queryFn: ({ signal }) =>
      api.call(copyApi.records, {
        query: { role: q.role, followId: q.followId, page: 1, size: 100 },
        toast: false,
        signal,
      }),
  });
}

export function useLeaderBook() {
  return useQuery({
    queryKey: copyKeys.book,
    queryFn: ({ signal }) => api.call(copyApi.leaderBook, { toast: false, signal }),
  });
}

export function useContractSymbols() {
  return useQuery({
    queryKey: ['copy', 'contracts'],
    queryFn: ({ signal }) => api.call(perpApi.contracts, { toast: false, signal }),
  });
}

/** Copies change when perpetual positions do: the desk's `swap-positions` frames refresh the copy views live. */
export function useCopyFeed(): void {
  const client = useQueryClient();
  const loggedIn = useLoggedIn();
  useEffect(() => {
    if (!loggedIn) return;
    return live.subscribe('swap-positions', {}, () => {
      void client.invalidateQueries({ queryKey: copyKeys.all });
    });
  }, [loggedIn, client]);
}

function useInvalidateCopy() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({ queryKey: ['copy'] }).then(() => client.invalidateQueries({ queryKey: copyKeys.all }));
}

export function useApply() {
  const done = useInvalidateCopy();
  return useMutation({
    mutationFn: (agree: boolean) => api.call(copyApi.apply, { body: { agree } }),
    onSettled: done,
  });
}

export function useConfigure() {
  const done = useInvalidateCopy();
  return useMutation({
    mutationFn: (body: {
      mode: 'ordinary' | 'compensate';
      profitShare: string;
      minCopyAmount: string;
      compensationRatio: string;
      perTradeCap: string;
      totalCap: string;
    }) => api.call(copyApi.settings, { body }),
    onSettled: done,
  });
}

export function usePairs() {
  const done = useInvalidateCopy();
  return useMutation({
    mutationFn: (symbols: string[]) => api.call(copyApi.pairs, { body: { symbols } }),
    onSettled: done,
  });
}

export function useEscrow() {
  const done = useInvalidateCopy();
  return useMutation({
    mutationFn: (body: { direction: 'in' | 'out'; amount: string; requestId: string }) =>
      api.call(copyApi.escrow, { body }),
    onSettled: done,
  });
}

export function useFollow() {
  const done = useInvalidateCopy();
  return useMutation({
    mutationFn: (body: {
      leaderUid: number;
      mode: 'fixed' | 'ratio';
      amount: string;
      ratio?: string;
      agree: boolean;
      requestId: string;
    }) => api.call(copyApi.follow, { body }),
    onSettled: done,
  });
}

export function useUnfollow() {
  const done = useInvalidateCopy();
  return useMutation({
    mutationFn: (body: { leaderUid: number; confirm: boolean; requestId: string }) =>
      api.call(copyApi.unfollow, { body }),
    onSettled: done,
  });
}
