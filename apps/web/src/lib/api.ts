import {
  aesEcbDecrypt,
  type CallInput,
  CIPHER_CONTENT_TYPE,
  CIPHER_HEADER,
  type Envelope,
  type InputArgs,
  LANG_HEADER,
  LANG_HEADER_VALUE,
  LINE_RECHECK_INTERVAL_MS,
  prepareCall,
  REQUEST_TIMEOUT_MS,
  type RouteData,
  type RouteDef,
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

/** Options of a call by route; a multipart route (an upload) takes its fields as `form`. */
export interface CallOptions extends Omit<RequestOptions, 'query'> {
  form?: FormData;
}

/** A route's input (path parameters, query, body — each only when the route has it) with the call's options. */
export type CallArgs<D extends RouteDef> =
  InputArgs<D> extends [input: infer I] ? [input: I & CallOptions] : [input?: CallInput<D> & CallOptions];

/** A call's input once the route's types have done their work: what `prepareCall` reads, and the options. */
interface SentInput extends CallOptions {
  params?: Readonly<Record<string, string | number>>;
  query?: object;
  body?: unknown;
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

/** An answer that is a file rather than an envelope (images). */
function isFileAnswer(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('image/');
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

  async function send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<{ response: Response; text: string | null; file: Blob | null }> {
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

    try {
      const response = await deps.fetch(`${deps.base()}${withQuery(path, options.query)}`, {
        method,
        headers,
        body: payload,
        signal: controller.signal,
      });
      // An image is read as bytes, anything else as an envelope; both within the timeout.
      if (isFileAnswer(response)) return { response, text: null, file: await response.blob() };
      return { response, text: await response.text(), file: null };
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      networkFailed();
      if (timedOut) return fail(new ApiError(CLIENT_CODES.TIMEOUT, deps.messages.timeout()), options);
      return fail(new ApiError(CLIENT_CODES.NETWORK, deps.messages.network()), options);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  function readEnvelope(response: Response, text: string | null, options: RequestOptions): Envelope<unknown> {
    let parsed: unknown;
    try {
      const wrappedKey = response.headers.get(CIPHER_HEADER);
      const plain = text === null ? '' : wrappedKey ? aesEcbDecrypt(text, unwrapCipherKey(wrappedKey)) : text;
      parsed = JSON.parse(plain);
    } catch {
      parsed = undefined;
    }
    if (!isEnvelope(parsed)) {
      // A proxy's error page or a half-deployed server: treat like no answer at all.
      if (response.status >= 500 || response.status === 0) networkFailed();
      return fail(new ApiError(CLIENT_CODES.BAD_RESPONSE, deps.messages.badResponse()), options);
    }
    return parsed;
  }

  async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions = {}) {
    const { response, text } = await send(method, path, body, options);
    const envelope = readEnvelope(response, text, options);
    if (envelope.code !== OK_CODE) return fail(new ApiError(envelope.code, envelope.msg), options);
    return envelope.data as T;
  }

  /** The route's method and URL (`prepareCall`: no path written by hand), with its body or form. */
  function prepare(def: RouteDef, input: SentInput | undefined) {
    const { params, query, body, form, ...options } = input ?? {};
    const call = prepareCall(def, { params, query, body } as CallInput<RouteDef>);
    if (call.method !== 'GET' && call.method !== 'POST') throw new Error(`${call.method} ${def.path}: not supported`);
    return { method: call.method, url: call.url, payload: form ?? call.body, options };
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
    /** Calls a contract route (`api.call(supportApi.thread, { query: { before } })`); the answer is typed by it. */
    call<D extends RouteDef>(def: D, ...[input]: CallArgs<D>): Promise<RouteData<D>> {
      const { method, url, payload, options } = prepare(def, input as SentInput | undefined);
      return request<RouteData<D>>(method, url, payload, options);
    },
    /**
     * Calls a route that answers with a file (an image behind the login) and resolves with its bytes: the token goes
     * in a header, so such a file cannot be an `<img src>` — show it through `URL.createObjectURL`.
     */
    async file<D extends RouteDef>(def: D, ...[input]: CallArgs<D>): Promise<Blob> {
      const { method, url, payload, options } = prepare(def, input as SentInput | undefined);
      const { response, text, file } = await send(method, url, payload, options);
      if (file && response.status < 400) return file;
      const envelope = readEnvelope(response, text, options);
      const code = envelope.code === OK_CODE ? CLIENT_CODES.BAD_RESPONSE : envelope.code;
      return fail(new ApiError(code, envelope.code === OK_CODE ? deps.messages.badResponse() : envelope.msg), options);
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
