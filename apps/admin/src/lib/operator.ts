import { type OperatorProfile, operatorApi, type Permission } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './client';
import { useSession } from './stores/session';

export const ME_KEY = ['session', 'me'] as const;

/**
 * The signed-in operator as the server sees them now (`GET /admin/api/me`), starting from what sign-in answered: a
 * role changed meanwhile changes the menu at the next refetch.
 */
export function useOperator(): OperatorProfile | null {
  const session = useSession((state) => state.session);
  const query = useQuery({
    queryKey: ME_KEY,
    queryFn: ({ signal }) => api.call(operatorApi.me, { signal, toast: false }),
    enabled: session !== null,
    initialData: session?.operator,
    initialDataUpdatedAt: 0,
    refetchInterval: 60_000,
  });
  return session ? (query.data ?? session.operator) : null;
}

/** What the operator's role may do. Menu entries and buttons outside it are not shown (the server refuses them). */
export function usePermissions(): ReadonlySet<Permission> {
  const operator = useOperator();
  return useMemo(() => new Set(operator?.permissions ?? []), [operator]);
}

export function useCan(permission: Permission): boolean {
  return usePermissions().has(permission);
}
