/**
 * An APR from the server ("0.0365", a fraction) as a percentage ("3.65"): the decimal point moved two places, no
 * floating point, trailing zeros dropped.
 */
export function aprPercent(apr: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(apr);
  if (!match) return apr;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const int = `${whole}${fraction.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return rest === '' ? int : `${int}.${rest}`;
}
