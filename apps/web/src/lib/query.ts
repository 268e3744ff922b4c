import { QueryClient } from '@tanstack/react-query';
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
