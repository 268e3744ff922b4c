import { backofficeApi } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const dashboardKeys = {
  summary: ['dashboard', 'summary'] as const,
};

/** Users and sign-ups, every review queue's count, the last reconciliation: one call feeds the dashboard's own cards. */
export function useDashboardSummary() {
  return useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: ({ signal }) => api.call(backofficeApi.dashboard, { signal, toast: false }),
  });
}
