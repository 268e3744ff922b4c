import type { RouteBodyInput, RouteData, RouteDef, RouteParamsInput, RouteQueryInput } from './define';
import { routeUrl } from './define';

type Has<T> = [T] extends [undefined] ? false : true;

/** What a call of a route takes: its path parameters, query and body, each only when the route has them. */
export type CallInput<D extends RouteDef> = (Has<RouteParamsInput<D>> extends true
  ? { params: RouteParamsInput<D> }
  : { params?: undefined }) &
  (Has<RouteQueryInput<D>> extends true ? { query?: RouteQueryInput<D> } : { query?: undefined }) &
  (Has<RouteBodyInput<D>> extends true ? { body: RouteBodyInput<D> } : { body?: undefined });

/** The concrete request of a call: method, URL with the query string, body. */
export interface PreparedCall {
  method: RouteDef['method'];
  url: string;
  body: unknown;
}

/**
 * Turns a route definition and its input into a request, so clients never write a path by hand: a renamed route or
 * a changed parameter is a type error in every caller.
 */
export function prepareCall<D extends RouteDef>(def: D, input: CallInput<D>): PreparedCall {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: object; body?: unknown };
  let url = routeUrl(def, params);
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query) as [string, unknown][]) {
      if (value === undefined || value === null || value === '') continue;
      search.set(key, String(value as string | number | boolean));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return { method: def.method, url, body };
}

/** The typed answer of a route (the envelope's `data`). */
export type CallResult<D extends RouteDef> = RouteData<D>;

/** Whether a route's input has any required part (then `input` must be given). */
export type InputArgs<D extends RouteDef> =
  Has<RouteParamsInput<D>> extends true
    ? [input: CallInput<D>]
    : Has<RouteBodyInput<D>> extends true
      ? [input: CallInput<D>]
      : [input?: CallInput<D>];
