import { operatorApi, type RouteQueryInput } from '@bourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client';

export type AuditQuery = NonNullable<RouteQueryInput<typeof operatorApi.audit>>;

export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => api.call(operatorApi.audit, { query, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}
