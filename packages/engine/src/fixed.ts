/**
 * Exact integer helpers for amounts that leave the book: notional, rescaling between a market's units and an
 * asset's ledger units, and fees. Everything is bigint; nothing here ever sees a float.
 *
 * Rounding is always explicit and always in the exchange's favour by less than one unit of the target scale:
 * what a user pays rounds up, what a user receives rounds down.
 */

export type Rounding = 'down' | 'up';

const POW10: bigint[] = [];
for (let i = 0, v = 1n; i <= 36; i++, v *= 10n) POW10.push(v);

export function pow10(exponent: number): bigint {
  const value = POW10[exponent];
  if (value === undefined) throw new RangeError(`exponent out of range: ${exponent}`);
  return value;
}

/** a / b for a ≥ 0, b > 0, rounded as asked. */
export function divide(a: bigint, b: bigint, rounding: Rounding): bigint {
  if (a < 0n || b <= 0n) throw new RangeError('divide expects a ≥ 0 and b > 0');
  const q = a / b;
  return rounding === 'up' && q * b !== a ? q + 1n : q;
}

/**
 * The exact quote value of `qty` at `price`: price × qty, in units of 10^-(priceScale + qtyScale) quote.
 * A fill's `quote` is this value.
 */
export function notional(price: number, qty: number): bigint {
  return BigInt(price) * BigInt(qty);
}

/**
 * Re-expresses an amount held in units of 10^-from in units of 10^-to. Going to a coarser scale loses digits and
 * rounds as asked; going to a finer one is exact.
 *
 * Settling a fill into the quote asset's ledger scale: the buyer pays `rescale(fill.quote, ps + qs, assetScale,
 * 'up')`, the seller receives `rescale(fill.quote, ps + qs, assetScale, 'down')`; the difference (under one unit)
 * stays with the exchange.
 */
export function rescale(amount: bigint, from: number, to: number, rounding: Rounding): bigint {
  if (to >= from) return amount * pow10(to - from);
  return divide(amount, pow10(from - to), rounding);
}

/** Fee rates are integers in parts per million (1 bp = 100 ppm), so 0.1% is 1000. */
export const PPM = 1_000_000n;

/** Converts a rate in basis points (integer) to parts per million. */
export function bpsToPpm(bps: number): number {
  if (!Number.isSafeInteger(bps)) throw new RangeError(`rate must be an integer number of basis points: ${bps}`);
  return bps * 100;
}

/**
 * The fee on `amount` at `ratePpm`, in the units of `amount`.
 * - A positive rate is a charge: amount × rate / 10^6 rounded **up** (the user pays at most one unit more).
 * - A negative rate is a rebate (maker incentive): the result is negative, its size amount × |rate| / 10^6 rounded
 *   **down** (the user receives at most one unit less).
 * Either way the exchange is favoured by less than one unit.
 */
export function fee(amount: bigint, ratePpm: number): bigint {
  if (amount < 0n) throw new RangeError('fee amount must be non-negative');
  if (!Number.isSafeInteger(ratePpm) || ratePpm <= -1_000_000 || ratePpm > 1_000_000) {
    throw new RangeError(`fee rate must be an integer in (-1000000, 1000000] ppm: ${ratePpm}`);
  }
  if (ratePpm >= 0) return divide(amount * BigInt(ratePpm), PPM, 'up');
  return -divide(amount * BigInt(-ratePpm), PPM, 'down');
}

/** What the user keeps of `amount` after a charge of `ratePpm` (rounded so that the fee rounds up). */
export function afterFee(amount: bigint, ratePpm: number): bigint {
  return amount - fee(amount, ratePpm);
}
