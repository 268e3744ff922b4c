/**
 * Exact integer helpers for amounts that leave the book: notional, rescaling between a market's units and an
 * asset's ledger units, and fees. Everything is bigint; nothing here ever sees a float.
 *
 * Rounding is always explicit and always in the exchange's favour by less than one unit of the target scale:
 * what a user pays rounds up, what a user receives rounds down.
 */

import { divRound } from '@bourse/money';

export { afterFee, bpsToPpm, fee, pow10, PPM, rescale, type Rounding } from '@bourse/money';

/** a / b for a ≥ 0, b > 0, rounded as asked (the book's amounts are never negative). */
export function divide(a: bigint, b: bigint, rounding: 'down' | 'up'): bigint {
  if (a < 0n || b <= 0n) throw new RangeError('divide expects a ≥ 0 and b > 0');
  return divRound(a, b, rounding);
}

/**
 * The exact quote value of `qty` at `price`: price × qty, in units of 10^-(priceScale + qtyScale) quote.
 * A fill's `quote` is this value.
 */
export function notional(price: number, qty: number): bigint {
  return BigInt(price) * BigInt(qty);
}
