import { divRound, type Rounding } from '@bourse/money';

/**
 * An exact rational number, num / den with den > 0. Used for values that are not whole numbers of a unit and must
 * not be rounded before someone says which way: an average entry price, a bankruptcy price.
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export function ratio(num: bigint, den: bigint): Ratio {
  if (den === 0n) throw new RangeError('ratio: zero denominator');
  return den < 0n ? { num: -num, den: -den } : { num, den };
}

export function wholeRatio(value: bigint): Ratio {
  return { num: value, den: 1n };
}

/** −1, 0 or 1 as a − b compares. */
export function compareRatio(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** The ratio as a whole number of its unit, rounded as told. */
export function roundRatio(r: Ratio, rounding: Rounding): bigint {
  return divRound(r.num, r.den, rounding);
}

/** The ratio rounded to a multiple of `step` (e.g. the tick), as told. */
export function roundRatioToStep(r: Ratio, step: bigint, rounding: Rounding): bigint {
  return divRound(r.num, r.den * step, rounding) * step;
}

/** floor(a / b) for b > 0, any sign of a. */
export function floorDiv(a: bigint, b: bigint): bigint {
  return divRound(a, b, 'floor');
}
