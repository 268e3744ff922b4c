import type { AppVersion } from '@bourse/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { fetchLineList, measureLines } from '../../lib/lines';
import { useSettings } from '../../lib/stores/settings';

/** The line list (refreshed from the server) and each line's ping, in the same order. */
export function useLineLatencies() {
  return useQuery({
    queryKey: ['settings', 'line-latencies'],
    queryFn: async () => {
      const lines = await fetchLineList();
      useSettings.getState().setLines(lines);
      return { lines, latencies: await measureLines(lines) };
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** GET /api/common/getAppVersion?type=h5, on demand. */
export function useCheckVersion() {
  return useMutation({
    mutationFn: () => api.get<AppVersion>('/api/common/getAppVersion', { query: { type: 'h5' } }),
  });
}
