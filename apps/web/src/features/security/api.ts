import type {
  BindAccountBody,
  ChangeBoundBody,
  ChangeFundPasswordBody,
  ChangePasswordBody,
  CodeScene,
  IdentityInfo,
  LoginSession,
  NewcomerTasks,
  NewcomerRewardTask,
  ResetFundPasswordBody,
  SecurityOverview,
  SendCodeResult,
  SetFundPasswordBody,
  TwoFactorConfirmBody,
  TwoFactorSetup,
  TwoFactorStatus,
  UserProfile,
} from '@bourse/contract';
import { rewardsApi } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';
import { useSession } from '../../lib/stores/session';

type Input<S extends { parse(value: unknown): unknown }> = ReturnType<S['parse']>;
export type SendCodeAnswer = Input<typeof SendCodeResult>;

export const securityKeys = {
  all: [USER_SCOPE, 'security'] as const,
  overview: [USER_SCOPE, 'security', 'overview'] as const,
  twoFactor: [USER_SCOPE, 'security', 'twoFactor'] as const,
  setup: [USER_SCOPE, 'security', 'twoFactor', 'setup'] as const,
  identity: [USER_SCOPE, 'security', 'identity'] as const,
  sessions: [USER_SCOPE, 'security', 'sessions'] as const,
  newcomer: [USER_SCOPE, 'security', 'newcomer'] as const,
};
/** The profile query of the Me page (`/mapi/user/info`): security changes show there too. */
const PROFILE_KEY = [USER_SCOPE, 'profile'] as const;

/**
 * After any change here every view of the user is stale: the security views and the profile, and what other features
 * show of the account's protection — the withdraw page's "fund password set", two-factor and withdrawal lock. Only
 * what is on screen is fetched again now; the rest on its next showing.
 */
function useRefreshSecurity() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [USER_SCOPE] });
}

function useLoggedIn(): boolean {
  return useSession((s) => s.token !== null);
}

export function useSecurityOverview() {
  return useQuery({
    queryKey: securityKeys.overview,
    queryFn: () => api.get<SecurityOverview>('/mapi/security/overview', { toast: false }),
    enabled: useLoggedIn(),
  });
}

// ---- Passwords ----

export function useChangePassword() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: Input<typeof ChangePasswordBody>) => api.post<null>('/mapi/user/updatePassword', body),
    onSuccess: refresh,
  });
}

export function useSetFundPassword() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: Input<typeof SetFundPasswordBody>) => api.post<null>('/mapi/user/setFundPassword', body),
    onSuccess: refresh,
  });
}

export function useChangeFundPassword() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: Input<typeof ChangeFundPasswordBody>) => api.post<null>('/mapi/user/changeFundPassword', body),
    onSuccess: refresh,
  });
}

export function useResetFundPassword() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: Input<typeof ResetFundPasswordBody>) => api.post<null>('/mapi/user/resetFundPassword', body),
    onSuccess: refresh,
  });
}

/**
 * A code to the user's own bound email or phone: the email by default (forgotten fund password), or the one named
 * (the address being replaced).
 */
export function useSendSecurityCode(to?: 'email' | 'phone') {
  return useMutation({
    mutationFn: () => api.post<SendCodeAnswer>('/mapi/user/sendSecurityCode', {}, { query: to ? { to } : undefined }),
  });
}

/** A code to a new address (scene `bind`). */
export function useSendCode() {
  return useMutation({
    mutationFn: (body: { account: string; scene: CodeScene }) => api.post<SendCodeAnswer>('/api/user/sendCode', body),
  });
}

// ---- Two-factor ----

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: securityKeys.twoFactor,
    queryFn: () => api.get<TwoFactorStatus>('/mapi/security/twoFactor', { toast: false }),
    enabled: useLoggedIn(),
  });
}

/**
 * The key to scan. A POST, but safe to repeat: the server gives the same unconfirmed key for 30 minutes, so the
 * page can load it like data (and it is never cached past the page).
 */
export function useTwoFactorSetup(enabled: boolean) {
  return useQuery({
    queryKey: securityKeys.setup,
    queryFn: () => api.post<TwoFactorSetup>('/mapi/security/twoFactor/setup', {}, { toast: false }),
    enabled: useLoggedIn() && enabled,
    staleTime: 10 * 60_000,
    gcTime: 0,
  });
}

export function useEnableTwoFactor() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: TwoFactorConfirmBody) =>
      api.post<TwoFactorStatus>('/mapi/security/twoFactor/enable', body, { toast: false }),
    onSuccess: refresh,
  });
}

export function useCloseTwoFactor() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: TwoFactorConfirmBody) =>
      api.post<TwoFactorStatus>('/mapi/security/twoFactor/close', body, { toast: false }),
    onSuccess: refresh,
  });
}

// ---- Identity ----

export function useIdentity() {
  return useQuery({
    queryKey: securityKeys.identity,
    queryFn: () => api.get<IdentityInfo>('/mapi/security/identity', { toast: false }),
    enabled: useLoggedIn(),
  });
}

export interface IdentityForm {
  type: string;
  familyName: string;
  givenName: string;
  number: string;
  photos: Partial<Record<'front' | 'back' | 'hand', File>>;
}

export function useSubmitIdentity() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (input: IdentityForm) => {
      const form = new FormData();
      form.append('type', input.type);
      form.append('familyName', input.familyName);
      form.append('givenName', input.givenName);
      form.append('number', input.number);
      for (const [side, file] of Object.entries(input.photos)) if (file) form.append(side, file);
      return api.upload<IdentityInfo>('/mapi/security/identity/submit', form);
    },
    onSuccess: refresh,
  });
}

// ---- Account management ----

export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions,
    queryFn: () => api.get<LoginSession[]>('/mapi/security/sessions', { toast: false }),
    enabled: useLoggedIn(),
  });
}

export function useRevokeSession() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (id: number) => api.post<null>('/mapi/security/sessions/revoke', { id }),
    onSuccess: refresh,
  });
}

export function useRevokeOtherSessions() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: () => api.post<{ revoked: number }>('/mapi/security/sessions/revokeOthers', {}),
    onSuccess: refresh,
  });
}

export function useBindAccount() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: Input<typeof BindAccountBody>) => api.post<UserProfile>('/mapi/user/bind', body),
    onSuccess: refresh,
  });
}

export function useChangeBound() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: Input<typeof ChangeBoundBody>) => api.post<UserProfile>('/mapi/user/changeBound', body),
    onSuccess: refresh,
  });
}

export function useSetNickname() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (nickname: string) => api.post<UserProfile>('/mapi/user/nickname', { nickname }, { toast: false }),
    onSuccess: refresh,
  });
}

export function useUploadAvatar() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return api.upload<{ avatar: string }>('/mapi/user/avatar', form);
    },
    onSuccess: refresh,
  });
}

/** The profile as `/mapi/user/info` reports it (the same query the Me page shows). */
export function useProfileInfo() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: () => api.get<UserProfile>('/mapi/user/info', { toast: false }),
    enabled: useLoggedIn(),
  });
}

// ---- Newcomer centre ----

export function useNewcomerTasks() {
  return useQuery({
    queryKey: securityKeys.newcomer,
    queryFn: () => api.get<NewcomerTasks>('/mapi/security/newcomer', { toast: false }),
    enabled: useLoggedIn(),
  });
}

// ---- Newcomer rewards (the rewards product's calls, through the contract) ----

export const newcomerRewardKeys = { all: [USER_SCOPE, 'rewards', 'newcomer'] as const };

export function useNewcomerRewards(enabled: boolean) {
  return useQuery({
    queryKey: newcomerRewardKeys.all,
    queryFn: ({ signal }) => api.call(rewardsApi.newcomer, { toast: false, signal }),
    enabled: useLoggedIn() && enabled,
  });
}

export function useClaimNewcomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { task: NewcomerRewardTask; requestId: string }) =>
      api.call(rewardsApi.newcomerClaim, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: newcomerRewardKeys.all }),
  });
}
