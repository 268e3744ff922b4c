import type { UserProfile } from '@bourse/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';
import { useSession } from '../../lib/stores/session';

export const meKeys = { profile: [USER_SCOPE, 'profile'] as const };

/** The logged-in user's profile (GET /mapi/user/info), kept in the session store too. */
export function useProfile() {
  const loggedIn = useSession((s) => s.token !== null);
  const stored = useSession((s) => s.profile);
  const query = useQuery({
    queryKey: meKeys.profile,
    queryFn: () => api.get<UserProfile>('/mapi/user/info', { toast: false }),
    enabled: loggedIn,
  });
  useEffect(() => {
    if (query.data) useSession.getState().setProfile(query.data);
  }, [query.data]);
  return { ...query, profile: loggedIn ? (query.data ?? stored) : null };
}

/** Ends the session on the server; the stored login is forgotten whatever the answer (offline included). */
export function useLogout() {
  return useMutation({
    mutationFn: () => api.post<null>('/mapi/user/logout', {}, { toast: false, loginRedirect: false }),
    onSettled: () => useSession.getState().clear(),
  });
}
