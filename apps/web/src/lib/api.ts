import {
  aesEcbDecrypt,
  CIPHER_CONTENT_TYPE,
  CIPHER_HEADER,
  type Envelope,
  LANG_HEADER,
  LANG_HEADER_VALUE,
  LINE_RECHECK_INTERVAL_MS,
  REQUEST_TIMEOUT_MS,
  sealEnvelope,
  unwrapCipherKey,
} from '@bourse/contract';
import { deviceId } from './device';
import { recheckLines, lineHttp } from './lines';
import { commonLocales } from './locales';
import { goToLogin } from './navigation';
import { useSession } from './stores/session';
import { useSettings } from './stores/settings';
import { toast } from './toast';

/** Envelope codes the client itself produces when no server answer arrived. */
export const CLIENT_CODES = { NETWORK: -1, TIMEOUT: -2, BAD_RESPONSE: -3 } as const;
export const UNAUTHORIZED_CODE = 401;
/** Success code of the envelope (the contract's `OK`, restated so the error catalogue stays out of the first page). */
export const OK_CODE = 200;

/** A call that did not succeed: the server's `{code, msg}`, or one of {@link CLIENT_CODES}. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
  ) {
    super(msg);
    this.name = 'ApiError';
  }

  /** No answer from the server (offline, timeout, unreadable): worth retrying. */
  get isTransport(): boolean {
    return this.code < 0;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Readonly<Record<string, QueryValue>>;
  /** `false`: the caller shows the error itself (no toast of `msg`). Default true. */
  toast?: boolean;
  /** `false`: a 401 only clears the stored login, without going to the login page. Default true. */
  loginRedirect?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ApiDeps {
  fetch: typeof fetch;
  /** The chosen service line's HTTP base, '' for the page origin. */
  base(): string;
  /** Value of the `lang` header. */
  lang(): string;
  token(): string | null;
  deviceId(): string;
  now(): number;
  clearLogin(): void;
  goToLogin(): void;
  toast(message: string): void;
  recheckLines(): void;
  messages: { network(): string; timeout(): string; badResponse(): string };
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Envelope<unknown>).code === 'number';
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The one HTTP client (spec §7): base host from the chosen line, `lang` header, token, every POST sealed in the
 * AES envelope and its answer opened, 60 s timeout. Code 401 clears the login and goes to the login page; other
 * codes toast `msg` and throw {@link ApiError}; a network failure re-checks the lines (at most once a minute).
 */
export function createApiClient(deps: ApiDeps) {
  let lastRecheck = Number.NEGATIVE_INFINITY;

  function networkFailed(): void {
    const now = deps.now();
    if (now - lastRecheck < LINE_RECHECK_INTERVAL_MS) return;
    lastRecheck = now;
    deps.recheckLines();
  }

  function fail(error: ApiError, options: RequestOptions): never {
    if (error.code === UNAUTHORIZED_CODE) {
      deps.clearLogin();
      if (options.loginRedirect !== false) deps.goToLogin();
    } else if (options.toast !== false) {
      deps.toast(error.msg);
    }
    throw error;
  }

  async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = {
      [LANG_HEADER]: deps.lang(),
      'x-device-id': deps.deviceId(),
    };
    const token = deps.token();
    if (token) headers.authorization = token;
    let payload: string | FormData | undefined;
    if (method === 'POST' && body instanceof FormData) {
      // Files travel as multipart (the browser sets the boundary); only JSON bodies are enveloped.
      payload = body;
    } else if (method === 'POST') {
      const sealed = sealEnvelope(body ?? {});
      headers[CIPHER_HEADER] = sealed.header;
      headers['content-type'] = CIPHER_CONTENT_TYPE;
      payload = sealed.body;
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const abortFromCaller = () => controller.abort();
    options.signal?.addEventListener('abort', abortFromCaller);

    let response: Response;
    let text: string;
    try {
      response = await deps.fetch(`${deps.base()}${withQuery(path, options.query)}`, {
        method,
        headers,
        body: payload,
        signal: controller.signal,
      });
      text = await response.text();
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      networkFailed();
      if (timedOut) return fail(new ApiError(CLIENT_CODES.TIMEOUT, deps.messages.timeout()), options);
      return fail(new ApiError(CLIENT_CODES.NETWORK, deps.messages.network()), options);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }

    let parsed: unknown;
    try {
      const wrappedKey = response.headers.get(CIPHER_HEADER);
      const plain = wrappedKey ? aesEcbDecrypt(text, unwrapCipherKey(wrappedKey)) : text;
      parsed = JSON.parse(plain);
    } catch {
      parsed = undefined;
    }
    if (!isEnvelope(parsed)) {
      // A proxy's error page or a half-deployed server: treat like no answer at all.
      if (response.status >= 500 || response.status === 0) networkFailed();
      return fail(new ApiError(CLIENT_CODES.BAD_RESPONSE, deps.messages.badResponse()), options);
    }
    if (parsed.code !== OK_CODE) return fail(new ApiError(parsed.code, parsed.msg), options);
    return parsed.data as T;
  }

  return {
    request,
    get<T>(path: string, options?: RequestOptions): Promise<T> {
      return request<T>('GET', path, undefined, options);
    },
    post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
      return request<T>('POST', path, body, options);
    },
    /** POST of files as multipart/form-data (identity photos, avatar); the answer is handled like any other. */
    upload<T>(path: string, form: FormData, options?: RequestOptions): Promise<T> {
      return request<T>('POST', path, form, options);
    },
  };
}

/** The app's client, wired to the stores, the line list, navigation and toasts. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  base: () => lineHttp(useSettings.getState()),
  lang: () => LANG_HEADER_VALUE[useSettings.getState().lang],
  token: () => useSession.getState().token,
  deviceId,
  now: () => Date.now(),
  clearLogin: () => useSession.getState().clear(),
  goToLogin: () => goToLogin(),
  toast: (message) => toast(message),
  recheckLines: () => void recheckLines(),
  messages: {
    network: () => commonLocales.t('networkError'),
    timeout: () => commonLocales.t('requestTimeout'),
    badResponse: () => commonLocales.t('badResponse'),
  },
});
