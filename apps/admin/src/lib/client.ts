import { QueryClient } from '@tanstack/react-query';
import { createApiClient } from './api';
import { notifyError } from './feedback';
import { langHeader } from './i18n';
import { commonLocales } from './locales';
import { useSession } from './stores/session';
import { useSettings } from './stores/settings';

/** The console's API client, wired to the session, the language and the shell's messages. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  lang: () => langHeader(useSettings.getState().lang),
  token: () => useSession.getState().session?.token ?? null,
  unauthorized: () => useSession.getState().end('expired'),
  notify: notifyError,
  messages: {
    network: () => commonLocales.t('networkError'),
    timeout: () => commonLocales.t('requestTimeout'),
    badResponse: () => commonLocales.t('badResponse'),
  },
});

/**
 * Server state. Operators look at queues that move: data older than 15 s is fetched again when a page opens or the
 * window regains focus. A failed query is retried once unless the session ended or the role may not (4xx codes).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (failures, error) =>
        failures < 1 && !(error instanceof Error && 'code' in error && isClientError(error.code)),
    },
  },
});

function isClientError(code: unknown): boolean {
  return typeof code === 'number' && code >= 400 && code < 500;
}
