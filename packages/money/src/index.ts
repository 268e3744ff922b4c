/**
 * Exact fixed-point money: the one library the engine, the server and the apps share. Amounts are bigint integers
 * in units of 10^-scale; on the wire they are decimal strings. Every division says which way it rounds; nothing
 * here touches a float.
 *
 * Rounding names follow the sign of the value, so a rule reads the same for credits and debits:
 * - `down`: toward zero, `up`: away from zero (the size of the value shrinks or grows);
 * - `floor`: toward −∞, `ceil`: toward +∞ (the value itself goes down or up).
 * The exchange's rule: what a user pays rounds up, what a user receives rounds down, by less than one unit.
 */

export type Rounding = 'down' | 'up' | 'floor' | 'ceil';

export class DecimalError extends Error {
  constructor(
    message: string,
    readonly input: string,
  ) {
    super(message);
    this.name = 'DecimalError';
  }
}

const POW10: bigint[] = [];
for (let i = 0, v = 1n; i <= 40; i++, v *= 10n) POW10.push(v);

/** 10^n as a bigint, for 0 ≤ n ≤ 40. */
export function pow10(n: number): bigint {
  const v = POW10[n];
  if (v === undefined) throw new RangeError(`scale out of range: ${n}`);
  return v;
}

// ---- arithmetic ----------------------------------------------------------------------------------------------------

/** numerator / denominator rounded as told (any signs; the denominator may not be zero). */
export function divRound(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const q = numerator / denominator; // truncates toward zero
  if (numerator % denominator === 0n) return q;
  const negative = numerator < 0n !== denominator < 0n;
  switch (rounding) {
    case 'down':
      return q;
    case 'up':
      return negative ? q - 1n : q + 1n;
    case 'floor':
      return negative ? q - 1n : q;
    case 'ceil':
      return negative ? q : q + 1n;
  }
}

/** a × b / c with one explicit rounding at the end (no intermediate rounding). */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  return divRound(a * b, c, rounding);
}

/** Re-expresses units of 10^-from as units of 10^-to; a coarser scale rounds as told, a finer one is exact. */
export function rescale(value: bigint, fromScale: number, toScale: number, rounding: Rounding): bigint {
  if (toScale >= fromScale) return value * pow10(toScale - fromScale);
  return divRound(value, pow10(fromScale - toScale), rounding);
}

export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

export function absBig(a: bigint): bigint {
  return a < 0n ? -a : a;
}

/** -1n, 0n or 1n. */
export function signBig(a: bigint): bigint {
  return a > 0n ? 1n : a < 0n ? -1n : 0n;
}

export function clampBig(value: bigint, low: bigint, high: bigint): bigint {
  if (low > high) throw new RangeError('clamp: low > high');
  return value < low ? low : value > high ? high : value;
}

// ---- decimal strings -----------------------------------------------------------------------------------------------

const UNSIGNED = /^(\d+)(?:\.(\d+))?$/;
const SIGNED = /^([-+]?)(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal string as on the wire: digits, optionally a point and digits. */
export const DECIMAL_PATTERN = '^\\d+(\\.\\d+)?$';

/**
 * Parses a non-negative decimal string into units of 10^-scale. More fractional digits than `scale` is an error
 * unless they are all zeros (so "1.50" at scale 1 is fine, "1.55" is not).
 */
export function parseDecimal(input: string, scale: number): bigint {
  const m = UNSIGNED.exec(input.trim());
  if (!m) throw new DecimalError('not a decimal number', input);
  return assemble(m[1] as string, m[2] ?? '', scale, input);
}

/** Like {@link parseDecimal} but accepts a leading sign. */
export function parseSignedDecimal(input: string, scale: number): bigint {
  const m = SIGNED.exec(input.trim());
  if (!m) throw new DecimalError('not a decimal number', input);
  const v = assemble(m[2] as string, m[3] ?? '', scale, input);
  return m[1] === '-' ? -v : v;
}

/** Parses a decimal with any number of digits into units of 10^-scale, rounding the digits beyond `scale`. */
export function parseDecimalRounded(input: string, scale: number, rounding: Rounding): bigint {
  const m = SIGNED.exec(input.trim());
  if (!m) throw new DecimalError('not a decimal number', input);
  const frac = m[3] ?? '';
  const digits = Math.max(frac.length, scale);
  const exact = assemble(m[2] as string, frac, digits, input);
  return rescale(m[1] === '-' ? -exact : exact, digits, scale, rounding);
}

function assemble(intPart: string, fracPart: string, scale: number, input: string): bigint {
  let frac = fracPart;
  if (frac.length > scale) {
    if (!/^0*$/.test(frac.slice(scale))) throw new DecimalError(`more than ${scale} decimal places`, input);
    frac = frac.slice(0, scale);
  }
  return BigInt(intPart) * pow10(scale) + (frac === '' ? 0n : BigInt(frac.padEnd(scale, '0')));
}

/** How many fractional digits a decimal string has (ignoring trailing zeros). */
export function decimalPlaces(input: string): number {
  const m = SIGNED.exec(input.trim());
  if (!m) throw new DecimalError('not a decimal number', input);
  return (m[3] ?? '').replace(/0+$/, '').length;
}

/**
 * Formats units of 10^-scale as a decimal string. By default trailing fractional zeros are trimmed (the canonical
 * wire form); `fixed` keeps exactly that many decimals, truncating (never rounding up) any further digits.
 */
export function formatDecimal(value: bigint, scale: number, fixed?: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = pow10(scale);
  const int = abs / base;
  let frac = scale === 0 ? '' : (abs % base).toString().padStart(scale, '0');
  if (fixed === undefined) frac = frac.replace(/0+$/, '');
  else frac = fixed <= scale ? frac.slice(0, fixed) : frac.padEnd(fixed, '0');
  const body = frac.length > 0 ? `${int}.${frac}` : `${int}`;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

// ---- rates ---------------------------------------------------------------------------------------------------------

/**
 * Rates (funding, interest per minute, fees, ratios) are bigint in units of 10^-12: finer than parts per million,
 * so a per-minute interest rate (10% a year ≈ 0.00000019 a minute) or a funding rate of 0.0001% keeps its digits.
 */
export const RATE_DECIMALS = 12;
export const RATE_ONE = pow10(RATE_DECIMALS);

/** A rate from a decimal string ("0.0001" = 0.01%), refused beyond 12 decimals. */
export function parseRate(input: string): bigint {
  return parseSignedDecimal(input, RATE_DECIMALS);
}

export function formatRate(rate: bigint, fixed?: number): string {
  return formatDecimal(rate, RATE_DECIMALS, fixed);
}

/** amount × rate, rounded as told, in the units of `amount`. */
export function applyRate(amount: bigint, rate: bigint, rounding: Rounding): bigint {
  return mulDiv(amount, rate, RATE_ONE, rounding);
}

/** numerator / denominator as a rate, rounded as told. */
export function ratio(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  return mulDiv(numerator, RATE_ONE, denominator, rounding);
}

// ---- fees in parts per million -------------------------------------------------------------------------------------

/** Fee rates of markets are integers in parts per million (1 bp = 100 ppm), so 0.1% is 1000. */
export const PPM = 1_000_000n;

/** Converts a rate in basis points (integer) to parts per million. */
export function bpsToPpm(bps: number): number {
  if (!Number.isSafeInteger(bps)) throw new RangeError(`rate must be an integer number of basis points: ${bps}`);
  return bps * 100;
}

/** A rate in parts per million as a rate of 10^-12. */
export function ppmToRate(ppm: number): bigint {
  if (!Number.isSafeInteger(ppm)) throw new RangeError(`ppm must be an integer: ${ppm}`);
  return BigInt(ppm) * pow10(RATE_DECIMALS - 6);
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
  // Charges round away from zero (up), rebates toward zero (down): the same as `ceil` on the signed result.
  return divRound(amount * BigInt(ratePpm), PPM, 'ceil');
}

/** What the user keeps of `amount` after a charge of `ratePpm` (rounded so that the fee rounds up). */
export function afterFee(amount: bigint, ratePpm: number): bigint {
  return amount - fee(amount, ratePpm);
}
