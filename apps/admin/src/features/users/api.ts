import {
  type RouteQueryInput,
  backofficeApi,
  securityAdminApi,
  type UserAdminDetail,
  type UserAdminSummary,
  walletAdminApi,
} from '@bourse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const userKeys = {
  all: ['users'] as const,
  search: (q: string) => ['users', 'search', q] as const,
  detail: (uid: number) => ['users', 'detail', uid] as const,
  orders: (uid: number, open: boolean, page: number, size: number) =>
    ['users', 'orders', uid, open, page, size] as const,
  withdrawals: (uid: number, page: number, size: number) => ['users', 'withdrawals', uid, page, size] as const,
  identity: (uid: number, page: number, size: number) => ['users', 'identity', uid, page, size] as const,
};

/** Users by uid, invitation code, or the start of an email or phone number (at most 50; nothing asked when empty). */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: userKeys.search(q),
    queryFn: ({ signal }) => api.call(backofficeApi.users, { query: { q }, signal, toast: false }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useUser(uid: number) {
  return useQuery({
    queryKey: userKeys.detail(uid),
    queryFn: ({ signal }) => api.call(backofficeApi.user, { params: { uid }, signal, toast: false }),
    enabled: Number.isSafeInteger(uid) && uid > 0,
  });
}

export function useUserOrders(uid: number, open: boolean, page: number, size: number) {
  return useQuery({
    queryKey: userKeys.orders(uid, open, page, size),
    queryFn: ({ signal }) =>
      api.call(backofficeApi.userOrders, {
        params: { uid },
        query: { open: open ? 'true' : 'false', page, size },
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The user's withdrawals, every status (the withdrawal desk's route: `withdrawals.review`). */
export function useUserWithdrawals(uid: number, page: number, size: number) {
  return useQuery({
    queryKey: userKeys.withdrawals(uid, page, size),
    queryFn: ({ signal }) => api.call(walletAdminApi.withdrawals, { query: { uid, page, size }, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

/** The user's deposits (users.read). */
export function useUserDeposits(uid: number, page: number, size: number) {
  return useQuery({
    queryKey: ['users', 'deposits', uid, page, size],
    queryFn: ({ signal }) => api.call(walletAdminApi.deposits, { query: { uid, page, size }, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

/** The user's identity submissions (the compliance desk's route: `identity.review`). */
export function useUserIdentity(uid: number, page: number, size: number) {
  return useQuery({
    queryKey: userKeys.identity(uid, page, size),
    queryFn: ({ signal }) =>
      api.call(securityAdminApi.identities, { query: { uid, page, size }, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

/** Freeze (with a reason) and unfreeze: the user's page takes the new state at once and every list is fetched again. */
export function useFreeze(uid: number) {
  const queryClient = useQueryClient();
  const settle = (summary: UserAdminSummary) => {
    queryClient.setQueryData<UserAdminDetail>(userKeys.detail(uid), (detail) =>
      detail ? { ...detail, user: summary } : detail,
    );
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  };
  const freeze = useMutation({
    mutationFn: (reason: string) => api.call(backofficeApi.freeze, { params: { uid }, body: { reason } }),
    onSuccess: settle,
  });
  const unfreeze = useMutation({
    mutationFn: () => api.call(backofficeApi.unfreeze, { params: { uid } }),
    onSuccess: settle,
  });
  return { freeze, unfreeze };
}

export type TwoFactorResetQuery = NonNullable<RouteQueryInput<typeof securityAdminApi.twoFactorResets>>;

/** Proposals to reset a user's two-factor (maker-checker). */
export function useTwoFactorResets(query: TwoFactorResetQuery) {
  return useQuery({
    queryKey: ['users', 'twoFactorResets', query],
    queryFn: ({ signal }) => api.call(securityAdminApi.twoFactorResets, { query, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

/** Propose, approve or reject a two-factor reset; every list and the user's page are fetched again. */
export function useTwoFactorResetActions() {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
  const propose = useMutation({
    mutationFn: (input: { uid: number; reason: string }) =>
      api.call(securityAdminApi.proposeTwoFactorReset, { params: { uid: input.uid }, body: { reason: input.reason } }),
    onSuccess: settle,
  });
  const approve = useMutation({
    mutationFn: (id: number) => api.call(securityAdminApi.approveTwoFactorReset, { params: { id }, body: {} }),
    onSuccess: settle,
  });
  const reject = useMutation({
    mutationFn: (input: { id: number; note: string }) =>
      api.call(securityAdminApi.rejectTwoFactorReset, { params: { id: input.id }, body: { note: input.note } }),
    onSuccess: settle,
  });
  return { propose, approve, reject };
}

/** Sign the user out everywhere. */
export function useRevokeSessions(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(backofficeApi.revokeSessions, { params: { uid } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.detail(uid) }),
  });
}

/** Sign the user out of one device (one login session). */
export function useRevokeSession(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(backofficeApi.revokeSession, { params: { uid, id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.detail(uid) }),
  });
}
