import { createHash } from 'node:crypto';
import {
  type Access,
  envelope,
  type Lang,
  PERMISSIONS,
  type ProductKey,
  roleMay,
  type RouteBody,
  type RouteDataInput,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
} from '@bourse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { DomainError } from '../lib/errors';
import type { Transactions } from '../lib/tx';
import { ok } from './envelope';
import type { OperatorAuth, UserAuth } from './types';

/** What the central route layer needs to write the audit row of an operator action in the action's transaction. */
export interface AuditTrail {
  record(entry: AuditEntry): void;
}

export interface AuditEntry {
  operatorId: number;
  role: OperatorAuth['role'];
  /** `METHOD /path/:param` as declared, so every row of one route reads the same. */
  route: string;
  target: string | null;
  /** The request as sent, secrets masked. */
  change: unknown;
  /** What the action produced (a new id, the state after, what was deleted), secrets masked. */
  result?: unknown;
  ip: string;
  outcome: 'done' | 'refused';
}

/** Set on a plugin's scope to declare who may call the routes the plugin registers (static files, API docs). */
export const PLUGIN_ACCESS = Symbol('bourse.pluginAccess');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every route has one; a route without one stops the server from starting. */
    access?: Access;
    /** The product the route belongs to: refused with PRODUCT_CLOSED while the product is not available. */
    product?: ProductKey;
    /** The route moves the caller's money: refused while their account is frozen. */
    movesMoney?: boolean;
  }
  interface FastifyInstance {
    [PLUGIN_ACCESS]?: Access;
  }
}

type AuthOf<D extends RouteDef> = D['access'] extends { kind: 'user' }
  ? { user: UserAuth }
  : D['access'] extends { kind: 'operator' }
    ? { operator: OperatorAuth }
    : Record<never, never>;

/** What a handler receives: the validated input, the caller (by the route's access) and the raw request. */
export type RouteInput<D extends RouteDef> = {
  body: RouteBody<D>;
  query: RouteQuery<D>;
  params: RouteParams<D>;
  lang: Lang;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
} & AuthOf<D> &
  (D['movesMoney'] extends object ? { money: MoneyRequest } : Record<never, never>);

/**
 * A money-moving call's request id, for the handler: `claim()` inside the transaction that moves the money makes the
 * movement and the request's record commit together (a no-op when the client sent no id).
 */
export interface MoneyRequest {
  requestId: string | null;
  claim(): void;
}

/** The request log the route layer answers repeated money-moving calls from (the requests module). */
export interface RequestRecords {
  find(
    key: RequestKey,
    fingerprint: Buffer,
  ): { state: 'new' } | { state: 'claimed' } | { state: 'done'; result: unknown };
  claim(key: RequestKey, fingerprint: Buffer): void;
  complete(key: RequestKey, fingerprint: Buffer, result: unknown): void;
}

export interface RequestKey {
  uid: number;
  route: string;
  requestId: string;
}

/** A handler returns the answer's `data`; a route without `data` (a file) sends through `reply` itself. */
export type RouteAnswer<D extends RouteDef> = D['data'] extends z.ZodType ? RouteDataInput<D> : void;

export type Handler<D extends RouteDef> = (input: RouteInput<D>) => RouteAnswer<D> | Promise<RouteAnswer<D>>;

/**
 * An operator action: the change itself (`apply`) runs synchronously inside one transaction that the route layer
 * opens and in which it also writes the audit row, so the action and its record commit or vanish together. Slow
 * work without writes goes in `prepare` (before); work that must wait for the commit (the chain, other services'
 * asynchronous follow-ups) goes in `after`, whose answer replaces `apply`'s.
 */
export interface OperatorAction<D extends RouteDef, P, A> {
  prepare?: (input: RouteInput<D>) => Promise<P>;
  apply: (input: RouteInput<D>, prepared: P) => A;
  after?: (input: RouteInput<D>, applied: A) => RouteAnswer<D> | Promise<RouteAnswer<D>>;
}

type Registrar = FastifyInstance & { [ROUTE_KIT]?: RouteKit };
const ROUTE_KIT = Symbol('bourse.routeKit');
interface RouteKit {
  tx: Transactions;
  audit: AuditTrail;
  resolvers: AccessResolvers;
  /** First runs of money-moving requests still in flight, by `uid|route|requestId`: repeats wait for them. */
  inFlight: Map<string, Promise<unknown>>;
}

/** Canonical fingerprint of a body (keys sorted): a repeat must send the same request. */
function fingerprintOf(body: unknown): Buffer {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body) ?? null))
    .digest();
}

/**
 * Runs a money-moving call once per request id: a repeat is answered with the first result (or waits for a first run
 * still in flight); a different body under the same id is refused; a request claimed but cut off before its result
 * was recorded answers ALREADY_HANDLED — the money moved once. Without an id the call simply runs.
 */
async function runOnce(
  kit: RouteKit,
  def: RouteDef,
  input: Record<string, unknown> & { body?: unknown },
  run: () => Promise<unknown>,
): Promise<unknown> {
  const field = def.movesMoney?.requestId;
  const user = input.user as UserAuth | undefined;
  const body = input.body as Record<string, unknown> | undefined;
  const raw = field && body ? body[field] : undefined;
  const requests = kit.resolvers.requests;
  if (!user || typeof raw !== 'string' || raw === '' || !requests) {
    input.money = { requestId: null, claim: () => undefined } satisfies MoneyRequest;
    return run();
  }
  const key: RequestKey = { uid: user.uid, route: def.path, requestId: raw };
  const fingerprint = fingerprintOf(body);
  const id = `${key.uid}|${key.route}|${key.requestId}`;
  const running = kit.inFlight.get(id);
  const known = requests.find(key, fingerprint);
  if (known.state === 'done') return known.result;
  if (running) return running;
  if (known.state === 'claimed') throw new DomainError('ALREADY_HANDLED');
  input.money = { requestId: raw, claim: () => requests.claim(key, fingerprint) } satisfies MoneyRequest;
  const first = (async () => {
    const result = await run();
    requests.complete(key, fingerprint, result);
    return result;
  })();
  kit.inFlight.set(id, first);
  try {
    return await first;
  } finally {
    kit.inFlight.delete(id);
  }
}

export function isOperatorWrite(def: Pick<RouteDef, 'access' | 'method'>): boolean {
  return def.access.kind === 'operator' && def.method !== 'GET';
}

function schemaOf(def: RouteDef): NonNullable<RouteOptions['schema']> {
  const who =
    def.access.kind === 'public'
      ? 'Public.'
      : def.access.kind === 'user'
        ? 'Needs the user’s login token.'
        : `Needs an operator token with the permission \`${def.access.permission}\` (${PERMISSIONS[def.access.permission]}).`;
  return {
    tags: [...def.tags],
    summary: def.summary,
    description: who,
    ...(def.body && !def.multipart ? { body: def.body } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.params ? { params: def.params } : {}),
    ...(def.data ? { response: { 200: envelope(def.data) } } : {}),
    ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(def.access.kind === 'public' ? {} : { security: [{ token: [] }] }),
  };
}

function inputOf<D extends RouteDef>(def: D, request: FastifyRequest, reply: FastifyReply): RouteInput<D> {
  const input: Record<string, unknown> = {
    body: def.multipart ? undefined : request.body,
    query: request.query,
    params: request.params,
    lang: request.lang,
    ip: request.ip,
    request,
    reply,
  };
  // The access hook set these before the body was read; a route reached without them is refused, never run.
  if (def.access.kind === 'user') {
    if (!request.auth) throw new DomainError('UNAUTHORIZED');
    input.user = request.auth;
  } else if (def.access.kind === 'operator') {
    if (!request.operator) throw new DomainError('UNAUTHORIZED');
    input.operator = request.operator;
  }
  return input as RouteInput<D>;
}

/** Server-side options of one route that the contract does not describe. */
export interface ServeOptions {
  /** A faster validator for a hot route; it must accept and refuse exactly what the contract's schema does. */
  validatorCompiler?: RouteOptions['validatorCompiler'];
}

function register(
  app: FastifyInstance,
  def: RouteDef,
  handler: RouteOptions['handler'],
  options: ServeOptions = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    config: {
      access: def.access,
      ...(def.product ? { product: def.product } : {}),
      ...(def.movesMoney ? { movesMoney: true } : {}),
    },
    schema: schemaOf(def),
    handler,
    ...(options.validatorCompiler ? { validatorCompiler: options.validatorCompiler } : {}),
  });
}

function answer(def: RouteDef, reply: FastifyReply, data: unknown): unknown {
  return def.data ? ok(data) : reply;
}

/**
 * Registers a route from its contract definition: validation, API reference and access all come from `def`. For
 * operator routes that change something use {@link serveAction}.
 */
export function serve<const D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: Handler<D>,
  options?: ServeOptions,
): void {
  if (isOperatorWrite(def)) throw new Error(`${def.method} ${def.path} changes something: use serveAction`);
  if (def.movesMoney) {
    const kit = (app as Registrar)[ROUTE_KIT];
    if (!kit) throw new Error('installAccess must run before routes are registered');
    register(
      app,
      def,
      async (request, reply) => {
        const input = inputOf(def, request, reply) as RouteInput<D> & Record<string, unknown>;
        return answer(def, reply, await runOnce(kit, def, input, async () => handler(input)));
      },
      options,
    );
    return;
  }
  register(
    app,
    def,
    async (request, reply) => answer(def, reply, await handler(inputOf(def, request, reply))),
    options,
  );
}

/** Registers an operator action: its change and its audit row in one transaction (see {@link OperatorAction}). */
export function serveAction<const D extends RouteDef, P = undefined, A = RouteAnswer<D>>(
  app: FastifyInstance,
  def: D,
  action: OperatorAction<D, P, A> &
    (A extends RouteAnswer<D> ? unknown : { after: NonNullable<OperatorAction<D, P, A>['after']> }),
): void {
  if (!isOperatorWrite(def)) throw new Error(`${def.method} ${def.path} is not an operator action: use serve`);
  const kit = (app as Registrar)[ROUTE_KIT];
  if (!kit) throw new Error('installAccess must run before routes are registered');
  const routeName = `${def.method} ${def.path}`;
  register(app, def, async (request, reply) => {
    const input = inputOf(def, request, reply);
    const operatorAuth = request.operator as OperatorAuth;
    const prepared = (action.prepare ? await action.prepare(input) : undefined) as P;
    const applied = kit.tx.run(() => {
      const result = action.apply(input, prepared);
      kit.audit.record({
        operatorId: operatorAuth.operatorId,
        role: operatorAuth.role,
        route: routeName,
        target: targetOf(input.params, input.body),
        change: redact(input.body),
        result: result === undefined ? undefined : redact(result),
        ip: request.ip,
        outcome: 'done',
      });
      return result;
    });
    const data = action.after ? await action.after(input, applied) : applied;
    return answer(def, reply, data);
  });
}

/** What an action acted on: its path parameters, else the identifying fields of its body. */
function targetOf(params: unknown, body: unknown): string | null {
  const parts: string[] = [];
  if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params)) parts.push(`${key}=${String(value)}`);
  }
  if (parts.length === 0 && body && typeof body === 'object') {
    for (const key of ['id', 'uid', 'symbol', 'asset', 'network', 'txHash', 'email']) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' || typeof value === 'number') parts.push(`${key}=${value}`);
    }
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

const SECRET_KEYS = /password|secret|token|totp|code$/i;

/** The body as recorded: secrets (passwords, codes, tokens) replaced by a mark. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = SECRET_KEYS.test(key) ? '***' : redact(inner);
    return out;
  }
  return value;
}

/** A user's live session behind a token. */
export interface UserSession extends UserAuth {
  expiresAt: number;
}

/**
 * Who a token belongs to, and where operator actions are recorded. The platform holds one of these; the account
 * module fills `user`, the operators module `operator` and `audit`. Until then every token is refused.
 */
export interface AccessResolvers {
  /** The live user session behind a token, or null. */
  user(token: string): UserSession | null;
  /** The live operator session behind a token, or null. */
  operator(token: string): OperatorAuth | null;
  audit: AuditTrail;
  /** Whether a product is available now (built and switched on); routes of a product that is not are refused. */
  productAvailable(key: ProductKey): boolean;
  /** Whether a user's account is frozen by an operator: money-moving calls are refused. */
  userFrozen(uid: number): boolean;
  /** Where money-moving calls are recorded by request id (the requests module). */
  requests: RequestRecords | null;
}

export function emptyAccessResolvers(): AccessResolvers {
  return {
    user: () => null,
    operator: () => null,
    productAvailable: () => false,
    userFrozen: () => false,
    requests: null,
    audit: {
      record() {
        throw new Error('no audit trail: the operators module provides it');
      },
    },
  };
}

export interface AccessServices {
  tx: Transactions;
  resolvers: AccessResolvers;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header === '') return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token === '' ? null : token;
}

/**
 * The one place that decides who may call what. Every route declares its access (fail closed: registering one
 * that does not stops the server); the check reads the access of the route the router matched — never the URL —
 * before the body is read, so a refused request reads and writes nothing.
 */
export function installAccess(app: FastifyInstance, services: AccessServices): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('operator', null);
  const { resolvers } = services;
  (app as Registrar)[ROUTE_KIT] = {
    tx: services.tx,
    audit: { record: (entry) => resolvers.audit.record(entry) },
    resolvers,
    inFlight: new Map(),
  };

  app.addHook('onRoute', function declaredAccess(this: FastifyInstance, options) {
    const config = (options.config ??= {});
    config.access ??= this[PLUGIN_ACCESS];
    if (!config.access) {
      throw new Error(`route ${String(options.method)} ${options.url} declares no access (public, user or operator)`);
    }
  });

  // A callback hook, not an async one: it runs on every request and a promise per request is measurable.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      // Only the not-found handler has no declared access: it answers 404 and reads nothing.
      return request.is404 ? done() : done(new DomainError('UNAUTHORIZED'));
    }
    const product = request.routeOptions.config.product;
    // A product that is off answers the same to everyone, before any session is looked at.
    if (product !== undefined && !resolvers.productAvailable(product)) return done(new DomainError('PRODUCT_CLOSED'));
    if (access.kind === 'public') return done();
    const token = bearerToken(request);
    if (access.kind === 'user') {
      const user = token ? resolvers.user(token) : null;
      if (!user) return done(new DomainError('UNAUTHORIZED'));
      if (request.routeOptions.config.movesMoney === true && resolvers.userFrozen(user.uid)) {
        return done(new DomainError('ACCOUNT_FROZEN'));
      }
      request.auth = { uid: user.uid, sessionId: user.sessionId };
      return done();
    }
    const session = token ? resolvers.operator(token) : null;
    if (!session) return done(new DomainError('UNAUTHORIZED'));
    // A session opened by the password alone reaches only the session routes (two-factor setup, me, logout).
    if (session.stage !== 'full' && access.permission !== 'session') {
      return done(new DomainError('OPERATOR_TWO_FACTOR_SETUP_REQUIRED'));
    }
    if (!roleMay(session.role, access.permission)) {
      services.tx.run(() =>
        resolvers.audit.record({
          operatorId: session.operatorId,
          role: session.role,
          route: `${request.method} ${request.routeOptions.url ?? ''}`,
          target: null,
          change: { refused: access.permission },
          ip: request.ip,
          outcome: 'refused',
        }),
      );
      return done(new DomainError('UNAUTHORIZED_OPERATION'));
    }
    request.operator = session;
    done();
  });
}
