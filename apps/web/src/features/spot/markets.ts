import type { MarketWithTicker } from '@bourse/contract';
import { compareDecimal } from '../../lib/trading/book';

/** Sorting, filtering and searching of market lists (pure: the pages pass what the cache holds). */

export type SortField = 'volume' | 'price' | 'change';
export type SortOrder = 'desc' | 'asc';
export interface Sort {
  field: SortField;
  order: SortOrder;
}

/** Compares signed decimal strings ("-1.5" < "0.2") without floats. */
export function compareSigned(a: string, b: string): number {
  const na = a.trim().startsWith('-') && /[1-9]/.test(a);
  const nb = b.trim().startsWith('-') && /[1-9]/.test(b);
  if (na !== nb) return na ? -1 : 1;
  const magnitude = compareDecimal(a.replace(/^[-+]/, ''), b.replace(/^[-+]/, ''));
  return na ? -magnitude : magnitude;
}

function value(item: MarketWithTicker, field: SortField): string {
  if (field === 'price') return item.ticker.last;
  if (field === 'change') return item.ticker.changePercent;
  return item.ticker.quoteVolume;
}

/** Markets in the operator's order, or by a column; ties keep the operator's order. */
export function sortMarkets(list: readonly MarketWithTicker[], sort: Sort | null): MarketWithTicker[] {
  const byOperator = [...list].sort((a, b) => a.market.sort - b.market.sort);
  if (!sort) return byOperator;
  const direction = sort.order === 'desc' ? -1 : 1;
  return byOperator.sort((a, b) => direction * compareSigned(value(a, sort.field), value(b, sort.field)));
}

/** The next state of a column header tap: descending, ascending, then back to the default order. */
export function nextSort(current: Sort | null, field: SortField): Sort | null {
  if (!current || current.field !== field) return { field, order: 'desc' };
  return current.order === 'desc' ? { field, order: 'asc' } : null;
}

/** Free text against a market: `btc`, `BTC/USDT`, `btcusdt`, `btc_usdt` all find BTC_USDT. */
export function matchesSearch(item: MarketWithTicker, text: string): boolean {
  const q = text
    .trim()
    .toUpperCase()
    .replace(/[\s/_-]/g, '');
  if (q === '') return true;
  const { base, quote } = item.market;
  return base.startsWith(q) || `${base}${quote}`.startsWith(q) || (q.length >= 2 && base.includes(q));
}

/** The coins of the matching markets, each with its markets (a coin may trade against several quotes). */
export function coinsOf(list: readonly MarketWithTicker[]): { coin: string; markets: MarketWithTicker[] }[] {
  const byCoin = new Map<string, MarketWithTicker[]>();
  for (const item of list) {
    const markets = byCoin.get(item.market.base) ?? [];
    markets.push(item);
    byCoin.set(item.market.base, markets);
  }
  return [...byCoin.entries()].map(([coin, markets]) => ({ coin, markets }));
}
