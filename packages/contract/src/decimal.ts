/**
 * Exact fixed-point money. Amounts are bigint integers in units of 10^-scale; on the wire they are decimal strings.
 * Nothing here touches a float.
 */

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
for (let i = 0, v = 1n; i <= 36; i++, v *= 10n) POW10.push(v);

export function pow10(n: number): bigint {
  const v = POW10[n];
  if (v === undefined) throw new RangeError(`scale out of range: ${n}`);
  return v;
}

const UNSIGNED = /^(\d+)(?:\.(\d+))?$/;
const SIGNED = /^(-?)(\d+)(?:\.(\d+))?$/;

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

/** Like {@link parseDecimal} but accepts a leading minus sign. */
export function parseSignedDecimal(input: string, scale: number): bigint {
  const m = SIGNED.exec(input.trim());
  if (!m) throw new DecimalError('not a decimal number', input);
  const v = assemble(m[2] as string, m[3] ?? '', scale, input);
  return m[1] === '-' ? -v : v;
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

export type Rounding = 'down' | 'up';

/** Integer division with an explicit rounding direction (toward zero for 'down', away from zero for 'up'). */
export function divRound(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const q = numerator / denominator;
  if (rounding === 'down' || numerator % denominator === 0n) return q;
  return numerator < 0n !== denominator < 0n ? q - 1n : q + 1n;
}

/** a × b / c with one explicit rounding at the end. */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  return divRound(a * b, c, rounding);
}

/** Converts units between scales; going to a smaller scale rounds as told. */
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
