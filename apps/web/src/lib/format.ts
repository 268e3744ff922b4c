/**
 * Number display without floats: decimal strings are cut and grouped as strings. Intl is used only to learn a
 * locale's symbols (group and decimal separators, compact-unit words), never to compute a value.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
export const PLACEHOLDER = '--';

export interface Separators {
  group: string;
  decimal: string;
}

const symbolCache = new Map<string, Separators>();

/** The locale's group and decimal separators ("," and "." in English, U+202F and "," in French). */
export function separatorsOf(locale: string): Separators {
  let symbols = symbolCache.get(locale);
  if (!symbols) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
    symbols = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    symbolCache.set(locale, symbols);
  }
  return symbols;
}

function groupDigits(int: string, group: string): string {
  let out = '';
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) out += group;
    out += int[i];
  }
  return out;
}

export interface AmountOptions {
  /** Thousands separators (default true). */
  group?: boolean;
  /** Drop trailing fractional zeros (default false: exactly `precision` decimals). */
  trim?: boolean;
}

/**
 * Formats a decimal string with `precision` decimals, truncating (never rounding) extra digits, with the locale's
 * separators: `formatAmount('1234.56789', 2, 'en-US')` → `1,234.56`; `fr-FR` → `1 234,56`.
 */
export function formatAmount(value: string, precision: number, locale = 'en-US', options: AmountOptions = {}): string {
  const m = DECIMAL.exec(value.trim());
  if (!m) return PLACEHOLDER;
  const [, sign = '', rawInt = '0', rawFrac = ''] = m;
  const int = rawInt.replace(/^0+(?=\d)/, '');
  let frac = rawFrac.slice(0, Math.max(0, precision)).padEnd(Math.max(0, precision), '0');
  if (options.trim) frac = frac.replace(/0+$/, '');
  const symbols = separatorsOf(locale);
  const intText = options.group === false ? int : groupDigits(int, symbols.group);
  const body = frac === '' ? intText : `${intText}${symbols.decimal}${frac}`;
  return sign === '-' && /[1-9]/.test(int + frac) ? `-${body}` : body;
}

interface CompactUnit {
  /** Power of ten of the unit: 3 for K, 4 for 万, 8 for 亿… */
  exponent: number;
  /** The formatted unit with `#` where the number goes, e.g. `#K`, `# mil`, `#万`. */
  template: string;
}

const unitCache = new Map<string, CompactUnit[]>();

/**
 * Intl compact formatting for zh-HK with the region tag still says "K"; the Traditional Chinese units 萬/億 come
 * with the script tag alone.
 */
export function compactLocale(locale: string): string {
  return /^zh-(Hant|HK|TW|MO)/i.test(locale) ? 'zh-Hant' : locale;
}

function unitsOf(locale: string): CompactUnit[] {
  let units = unitCache.get(locale);
  if (units) return units;
  const format = new Intl.NumberFormat(compactLocale(locale), { notation: 'compact', maximumFractionDigits: 0 });
  const byExponent = new Map<number, string>();
  for (let p = 3; p <= 15; p++) {
    const parts = format.formatToParts(10 ** p);
    if (!parts.some((part) => part.type === 'compact')) continue;
    const digits = parts
      .filter((part) => part.type === 'integer')
      .map((part) => part.value)
      .join('');
    const exponent = p - (digits.length - 1);
    if (byExponent.has(exponent)) continue;
    let template = '';
    let placed = false;
    for (const part of parts) {
      if (part.type === 'integer' || part.type === 'group' || part.type === 'decimal' || part.type === 'fraction') {
        if (!placed) template += '#';
        placed = true;
      } else {
        template += part.value;
      }
    }
    byExponent.set(exponent, template);
  }
  units = [...byExponent.entries()]
    .map(([exponent, template]) => ({ exponent, template }))
    .sort((a, b) => a.exponent - b.exponent);
  unitCache.set(locale, units);
  return units;
}

/**
 * Shortens large amounts in the locale's units: 万/亿 in zh-CN, 萬/億 in zh-HK, K/M/B in English (spec §9: units
 * of 10 thousand and 100 million). The shown figure is truncated, never rounded up:
 * `formatCompact('123456789', 'zh-CN')` → `1.23亿`.
 */
export function formatCompact(value: string, locale = 'en-US', fractionDigits = 2): string {
  const m = DECIMAL.exec(value.trim());
  if (!m) return PLACEHOLDER;
  const [, sign = '', rawInt = '0', rawFrac = ''] = m;
  const int = rawInt.replace(/^0+(?=\d)/, '');
  const magnitude = int === '0' ? 0 : int.length - 1;
  const unit = [...unitsOf(locale)].reverse().find((u) => u.exponent <= magnitude);
  if (!unit) return formatAmount(value, fractionDigits, locale, { trim: true });
  const head = int.slice(0, int.length - unit.exponent);
  const tail = int.slice(int.length - unit.exponent) + rawFrac;
  // Like Intl's compact style ("min2" grouping): 9999.99万, but 12,345.6亿.
  const mantissa = formatAmount(`${sign}${head}.${tail}`, fractionDigits, locale, {
    trim: true,
    group: head.length >= 5,
  });
  return unit.template.replace('#', mantissa);
}

/** Date (and time) of a millisecond timestamp in the reader's language. */
export function formatDate(ms: number, locale = 'en-US', withTime = true): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
  }).format(ms);
}
