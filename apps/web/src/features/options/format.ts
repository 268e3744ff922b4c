/** A ratio as the server sends it ("0.8", "0.002") as a percent ("80%", "0.2%"): the decimal point moved, no float. */
export function ratioPercent(ratio: string): string {
  const negative = ratio.startsWith('-');
  const [int = '0', frac = ''] = (negative ? ratio.slice(1) : ratio).split('.');
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${rest ? `.${rest}` : ''}%`;
}

/** Is the canonical decimal `a` below `b`? (Both non-negative decimal strings; compared as scaled integers.) */
export function decimalLess(a: string, b: string): boolean {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  return toUnits(a, scale) < toUnits(b, scale);
}

function toUnits(value: string, scale: number): bigint {
  const [int = '0', frac = ''] = value.split('.');
  return BigInt(`${int || '0'}${frac.padEnd(scale, '0')}`);
}

/** A signed decimal's sign for display: '+' above zero, '-' below, none at zero. */
export function signOf(value: string): '+' | '-' | undefined {
  if (/^-?0*(\.0*)?$/.test(value)) return undefined;
  return value.startsWith('-') ? '-' : '+';
}

/** A time of day with seconds (rounds open on exact seconds), in the reader's language. */
export function formatClock(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);
}
