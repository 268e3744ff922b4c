import type { NewSwapOrderBody } from '@bourse/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

// The same patterns and bounds as the contract's SwapSymbol, DecimalString and Lots.
const SYMBOL = /^[A-Z0-9]{2,10}_[A-Z0-9]{2,10}$/;
const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;
const MAX_LOTS = 100_000_000;
const KEYS = new Set([
  'symbol',
  'side',
  'type',
  'price',
  'lots',
  'timeInForce',
  'postOnly',
  'reduceOnly',
  'takeProfit',
  'stopLoss',
  'clientOrderId',
]);

function optionalDecimal(value: unknown): value is string | undefined {
  return value === undefined || (typeof value === 'string' && DECIMAL.test(value));
}

function optionalBoolean(value: unknown): value is boolean | undefined {
  return value === undefined || typeof value === 'boolean';
}

/**
 * Accepts a contract order body that is plainly valid — the shape every client sends, lots as a number — without
 * going through zod, and returns exactly what `NewSwapOrderBody` would (defaults filled in). Anything else (an
 * unknown key, a wrong type, lots as text, a broken rule) returns undefined, and zod then answers as it always did.
 */
export function quickSwapOrderBody(data: unknown): NewSwapOrderBody | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const b = data as Record<string, unknown>;
  for (const key in b) if (!KEYS.has(key)) return undefined;
  const { symbol, side, type, price, lots, timeInForce, postOnly, reduceOnly, takeProfit, stopLoss, clientOrderId } = b;
  if (typeof symbol !== 'string' || !SYMBOL.test(symbol)) return undefined;
  if (side !== 'buy' && side !== 'sell') return undefined;
  if (type !== 'limit' && type !== 'market') return undefined;
  if (!optionalDecimal(price) || !optionalDecimal(takeProfit) || !optionalDecimal(stopLoss)) return undefined;
  if (typeof lots !== 'number' || !Number.isInteger(lots) || lots < 1 || lots > MAX_LOTS) return undefined;
  if (timeInForce !== undefined && timeInForce !== 'GTC' && timeInForce !== 'IOC' && timeInForce !== 'FOK') {
    return undefined;
  }
  if (!optionalBoolean(postOnly) || !optionalBoolean(reduceOnly)) return undefined;
  if (clientOrderId !== undefined && (typeof clientOrderId !== 'string' || clientOrderId.length > 36)) return undefined;
  // The contract's refinement: a limit order names its price.
  if (type === 'limit' && price === undefined) return undefined;
  const body: NewSwapOrderBody = {
    symbol,
    side,
    type,
    lots,
    timeInForce: timeInForce ?? 'GTC',
    postOnly: postOnly ?? false,
    reduceOnly: reduceOnly ?? false,
  };
  if (price !== undefined) body.price = price;
  if (takeProfit !== undefined) body.takeProfit = takeProfit;
  if (stopLoss !== undefined) body.stopLoss = stopLoss;
  if (clientOrderId !== undefined) body.clientOrderId = clientOrderId;
  return body;
}

type RouteSchema<T> = Parameters<FastifySchemaCompiler<T>>[0];

/**
 * Route-level validator for the order body: the quick check first, zod when it declines (as the spot order route
 * does). Generic over the route's schema type, which Fastify types as the whole route schema although each call
 * receives one part's zod schema.
 */
export function fastSwapOrderBody<T>(route: RouteSchema<T>): ReturnType<FastifySchemaCompiler<T>> {
  const slow = validatorCompiler(route as RouteSchema<unknown> as RouteSchema<$ZodType>);
  if (route.httpPart !== 'body') return slow;
  return (data: unknown) => {
    const quick = quickSwapOrderBody(data);
    return quick ? { value: quick } : slow(data);
  };
}
