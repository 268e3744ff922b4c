import type { NewSpotOrderBody } from '@bourse/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

// The same patterns as the contract's MarketSymbol and DecimalString.
const SYMBOL = /^[A-Z0-9]{2,10}_[A-Z0-9]{2,10}$/;
const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;
const KEYS = new Set([
  'symbol',
  'side',
  'type',
  'price',
  'quantity',
  'quoteQuantity',
  'timeInForce',
  'postOnly',
  'selfTrade',
  'clientOrderId',
]);

function optionalDecimal(value: unknown): value is string | undefined {
  return value === undefined || (typeof value === 'string' && DECIMAL.test(value));
}

/**
 * Accepts an order body that is plainly valid — the shape every client sends — without going through zod, and
 * returns exactly what `NewSpotOrderBody` would (defaults filled in). Anything else (an unknown key, a wrong type,
 * a broken rule) returns undefined, and zod then answers with its usual catalogue error.
 */
export function quickOrderBody(data: unknown): NewSpotOrderBody | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const b = data as Record<string, unknown>;
  for (const key in b) if (!KEYS.has(key)) return undefined;
  const { symbol, side, type, price, quantity, quoteQuantity, timeInForce, postOnly, selfTrade, clientOrderId } = b;
  if (typeof symbol !== 'string' || !SYMBOL.test(symbol)) return undefined;
  if (side !== 'buy' && side !== 'sell') return undefined;
  if (type !== 'limit' && type !== 'market') return undefined;
  if (!optionalDecimal(price) || !optionalDecimal(quantity) || !optionalDecimal(quoteQuantity)) return undefined;
  if (timeInForce !== undefined && timeInForce !== 'GTC' && timeInForce !== 'IOC' && timeInForce !== 'FOK') {
    return undefined;
  }
  if (postOnly !== undefined && typeof postOnly !== 'boolean') return undefined;
  if (
    selfTrade !== undefined &&
    selfTrade !== 'cancel_taker' &&
    selfTrade !== 'cancel_maker' &&
    selfTrade !== 'cancel_both'
  ) {
    return undefined;
  }
  if (clientOrderId !== undefined && (typeof clientOrderId !== 'string' || clientOrderId.length > 36)) return undefined;
  // The contract's two refinements.
  if (type === 'limit' && price === undefined) return undefined;
  if (quantity === undefined && !(type === 'market' && side === 'buy' && quoteQuantity !== undefined)) return undefined;
  const body: NewSpotOrderBody = {
    symbol,
    side,
    type,
    timeInForce: timeInForce ?? 'GTC',
    postOnly: postOnly ?? false,
    selfTrade: selfTrade ?? 'cancel_taker',
  };
  if (price !== undefined) body.price = price;
  if (quantity !== undefined) body.quantity = quantity;
  if (quoteQuantity !== undefined) body.quoteQuantity = quoteQuantity;
  if (clientOrderId !== undefined) body.clientOrderId = clientOrderId;
  return body;
}

type RouteSchema<T> = Parameters<FastifySchemaCompiler<T>>[0];

/**
 * Route-level validator for the order body: the quick check first, zod when it declines. Generic over the route's
 * schema type, which Fastify types as the whole route schema although each call receives one part's zod schema.
 */
export function fastOrderBody<T>(route: RouteSchema<T>): ReturnType<FastifySchemaCompiler<T>> {
  const slow = validatorCompiler(route as RouteSchema<unknown> as RouteSchema<$ZodType>);
  if (route.httpPart !== 'body') return slow;
  return (data: unknown) => {
    const quick = quickOrderBody(data);
    return quick ? { value: quick } : slow(data);
  };
}
