import {
  type CallInput,
  type Envelope,
  type InputArgs,
  LANG_HEADER,
  prepareCall,
  REQUEST_TIMEOUT_MS,
  type RouteData,
  type RouteDef,
} from '@bourse/contract';

/** Envelope codes the client itself produces when no server answer arrived. */
export const CLIENT_CODES = { NETWORK: -1, TIMEOUT: -2, BAD_RESPONSE: -3 } as const;
/** Success code of the envelope (the contract's `OK`, restated so the error catalogue stays out of the first page). */
export const OK_CODE = 200;
/** No session, or one that has ended (expired, idle, revoked, signed out elsewhere): back to sign-in. */
export const UNAUTHORIZED_CODE = 401;

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

export interface CallOptions {
  /** `false`: the caller shows the error itself (queries show it inline). Default true: a message with `msg`. */
  toast?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A token other than the session's: the sign-in flow's setup-only session, before it becomes the console's. */
  token?: string;
}

/** A route's input (path parameters, query, body — each only when the route has it) with the call's options. */
export type CallArgs<D extends RouteDef> =
  InputArgs<D> extends [input: infer I] ? [input: I & CallOptions] : [input?: CallInput<D> & CallOptions];

export interface ApiDeps {
  fetch: typeof fetch;
  /** Value of the `lang` header: the server answers `msg` in it. */
  lang(): string;
  token(): string | null;
  /** The session has ended (code 401): drop it, so the console shows the sign-in page. */
  unauthorized(): void;
  /** Shows a failed call's message. */
  notify(message: string): void;
  messages: { network(): string; timeout(): string; badResponse(): string };
}

/** A call's input once its route's types have done their work: what `prepareCall` reads, and the options. */
interface SentInput extends CallOptions {
  params?: Readonly<Record<string, string | number>>;
  query?: object;
  body?: unknown;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Envelope<unknown>).code === 'number';
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The console's one HTTP client. Every call is named by its route definition in the contract (`prepareCall`), so no
 * path is written by hand and the answer is typed by the route's `data` schema. It sends the `lang` header and the
 * operator's token; bodies are plain JSON (the server accepts the AES envelope but does not require it, and the
 * console has no reason to obfuscate). Code 401 ends the session; any other code shows the server's `msg` and
 * throws {@link ApiError}.
 */
export function createApiClient(deps: ApiDeps) {
  function fail(error: ApiError, options: CallOptions): never {
    if (error.code === UNAUTHORIZED_CODE) deps.unauthorized();
    else if (options.toast !== false) deps.notify(error.msg);
    throw error;
  }

  async function send(def: RouteDef, options: SentInput): Promise<Response> {
    const call = prepareCall(def, options as CallInput<RouteDef>);
    const headers: Record<string, string> = { [LANG_HEADER]: deps.lang() };
    const token = options.token ?? deps.token();
    if (token) headers.authorization = token;
    let body: string | undefined;
    if (call.method !== 'GET' && call.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.body);
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
      return await deps.fetch(call.url, { method: call.method, headers, body, signal: controller.signal });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      const error = timedOut
        ? new ApiError(CLIENT_CODES.TIMEOUT, deps.messages.timeout())
        : new ApiError(CLIENT_CODES.NETWORK, deps.messages.network());
      return fail(error, options);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  async function readEnvelope(response: Response, options: CallOptions): Promise<Envelope<unknown>> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await response.text());
    } catch {
      parsed = undefined;
    }
    // A proxy's error page or a half-deployed server: as if no answer had come.
    if (!isEnvelope(parsed)) return fail(new ApiError(CLIENT_CODES.BAD_RESPONSE, deps.messages.badResponse()), options);
    return parsed;
  }

  return {
    /** Calls a route and resolves with its `data`, typed by the route. */
    async call<D extends RouteDef>(def: D, ...[input]: CallArgs<D>): Promise<RouteData<D>> {
      // The route's own types checked `input` at the call site; from here on it is plain data.
      const options = (input ?? {}) as SentInput;
      const envelope = await readEnvelope(await send(def, options), options);
      if (envelope.code !== OK_CODE) return fail(new ApiError(envelope.code, envelope.msg), options);
      return envelope.data as RouteData<D>;
    },

    /**
     * Calls a route that answers with a file (an identity photo) and resolves with its bytes. The operator's token
     * goes in the header, so such a file cannot be an `<img src>`: show it through `URL.createObjectURL`.
     */
    async file<D extends RouteDef>(def: D, ...[input]: CallArgs<D>): Promise<Blob> {
      const options = (input ?? {}) as SentInput;
      const response = await send(def, options);
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && !type.startsWith('application/json')) return response.blob();
      const envelope = await readEnvelope(response, options);
      return fail(
        new ApiError(envelope.code === OK_CODE ? CLIENT_CODES.BAD_RESPONSE : envelope.code, envelope.msg),
        options,
      );
    },
  };
}
