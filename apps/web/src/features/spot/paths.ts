/** The spot pages' public URLs (spec §2, their spelling kept). */
export const SPOT_PATHS = {
  markets: '/pages/home/market',
  kline: '/pages/market/kLine',
  trade: '/pages/trade/trade',
  entrust: '/pages/trade/entrust',
  entrustDetail: '/pages/trade/entrustDetail',
  search: '/pages/index/serarchType',
  /** The wallet feature's assets page (reached by path, never imported). */
  assets: '/pages/usreMei/property',
  deposit: '/pages/usreMei/currency?type=recharge',
} as const;

export function withQuery(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const DEFAULT_SYMBOL = 'BTC_USDT';

let lastSymbol = DEFAULT_SYMBOL;

/** The pair last looked at: the trade tab opens on it when no `?symbol=` is given (kept while the app runs). */
export function rememberSymbol(symbol: string): void {
  lastSymbol = symbol;
}

export function currentSymbol(query: Readonly<Record<string, string>>): string {
  const wanted = query.symbol?.toUpperCase().replace('/', '_');
  return wanted && /^[A-Z0-9]{2,10}_[A-Z0-9]{2,10}$/.test(wanted) ? wanted : lastSymbol;
}

/** `BTC_USDT` → `BTC/USDT`. */
export function pairName(symbol: string): string {
  return symbol.replace('_', '/');
}
