import type { z } from 'zod';
import type { Access } from './access';
import type { ProductKey } from './products';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API: the single place that says its method, path, who may call it and the shape of what goes in
 * and comes out. The server registers its handler from this (validation, OpenAPI, access) and the web client is
 * typed by it, so the two cannot drift apart.
 */
export interface RouteDef {
  readonly method: HttpMethod;
  /** Fastify-style path: `:name` for a path parameter. */
  readonly path: string;
  readonly access: Access;
  /** One line for the API reference. */
  readonly summary: string;
  readonly tags: readonly string[];
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  /** The answer's `data` inside the envelope. Absent for a route that answers with a file (an image). */
  readonly data?: z.ZodType;
  /** The body is multipart/form-data (uploads), read by the handler itself. */
  readonly multipart?: boolean;
  /** The product the call belongs to: while it is not available, the call answers PRODUCT_CLOSED. */
  readonly product?: ProductKey;
  /**
   * The call moves the caller's money (a withdrawal, a transfer, an order): refused while the account is frozen.
   * `requestId` names the body field with the client's request id: the same id again is answered with the first
   * result and moves nothing twice.
   */
  readonly movesMoney?: { readonly requestId: string };
}

/** Declares a route; `const` keeps the literal method, path and access for the types built from it. */
export function route<const D extends RouteDef>(def: D): D {
  return def;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives once the server has validated the request. */
export type RouteBody<D extends RouteDef> = Out<D['body']>;
export type RouteQuery<D extends RouteDef> = Out<D['query']>;
export type RouteParams<D extends RouteDef> = Out<D['params']>;
/** What a client sends. */
export type RouteBodyInput<D extends RouteDef> = In<D['body']>;
export type RouteQueryInput<D extends RouteDef> = In<D['query']>;
export type RouteParamsInput<D extends RouteDef> = In<D['params']>;
/** The answer's data as the client receives it. */
export type RouteData<D extends RouteDef> = Out<D['data']>;
/** The answer's data as a handler may return it (before the schema's own transforms). */
export type RouteDataInput<D extends RouteDef> = In<D['data']>;

/** A route's concrete URL, with its path parameters filled in (each URI-encoded). */
export function routeUrl(def: Pick<RouteDef, 'path'>, params?: Readonly<Record<string, string | number>>): string {
  return def.path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`route ${def.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
