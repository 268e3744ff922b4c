import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api';

/** Server state lives here. Errors the server answered are final; a transport failure is retried once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 1 && error instanceof ApiError && error.isTransport,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** First element of every query key that holds the logged-in user's data; those are dropped at logout. */
export const USER_SCOPE = 'user';

/**
 * Call before applying a live frame to a query's data. A fetch of that query under way may have read the server before
 * the change the frame brings, and its answer would put the change out of the cache again (a page opened and asked the
 * server; the change happened meanwhile). So the query is asked for once more: a refetch is cancelled (the frame
 * applied meanwhile shows until the new answer comes); a first load, which has nothing to show instead, is let finish
 * and followed by another.
 */
export function askAgainIfFetching(queryClient: QueryClient, queryKey: QueryKey): void {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query || query.state.fetchStatus === 'idle') return;
  if (query.state.data !== undefined) {
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'all' });
    return;
  }
  const stop = cache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus !== 'idle') return;
    stop();
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'all' });
  });
}
