import { type ConsoleLang, langLocale } from './i18n';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A moment as operators compare them across rows: `2026-05-01 14:03:22`, local time, the same in every language
 * (sorts as text, reads at a glance in a dense table).
 */
export function formatDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** How long ago, in the console's language ("3 minutes ago", "3 分钟前"). */
export function formatAgo(ms: number, now: number, lang: ConsoleLang): string {
  const seconds = Math.round((ms - now) / 1000);
  const format = new Intl.RelativeTimeFormat(langLocale(lang), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

/**
 * A decimal string from the server (money, quantities, rates) with thousands separators, digits kept exactly: the
 * value never becomes a float. Anything that is not a plain decimal is shown as it came.
 */
export function formatDecimal(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value);
  if (!match) return value;
  const [, sign, whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** A decimal string cut (not rounded) to at most `places` decimals, then grouped as {@link formatDecimal}. */
export function formatDecimalPlaces(value: string | null | undefined, places: number): string {
  if (value === null || value === undefined) return formatDecimal(value);
  const match = /^(-?\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return formatDecimal(value);
  const [, whole = '', fraction = ''] = match;
  const cut = fraction.slice(0, places).replace(/0+$/, '');
  return formatDecimal(cut === '' ? whole : `${whole}.${cut}`);
}

/** A fee or band rate ("0.001") as a percentage ("0.1%"), by moving the decimal point: no float arithmetic. */
export function formatRate(value: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  const [, whole = '0', fraction = ''] = match;
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(point).replace(/0+$/, '');
  return `${integer}${rest ? `.${rest}` : ''}%`;
}

/** Whole numbers with the language's separators (counts, heights). */
export function formatCount(value: number, lang: ConsoleLang): string {
  return new Intl.NumberFormat(langLocale(lang)).format(value);
}
