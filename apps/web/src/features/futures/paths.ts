/** The futures pages' public URLs (spec §2, their spelling kept) and the pages of other features they link to. */
export const FUTURES_PATHS = {
  lever: '/pages/lever/lever',
  order: '/pages/lever/order',
  detail: '/pages/lever/leverDetail',
  /** The chart page (the spot feature's route) shows a contract with `type=swap` (this feature's market kind). */
  kline: '/pages/market/kLine',
  /** The wallet feature's transfer page, to move USDT into the contract wallet (reached by path, never imported). */
  transfer: '/pages/usreMei/transfer',
} as const;

/** The market kind's name on the chart page (`?type=swap`), as the spec's `favoriteSymbol?type=swap` names it. */
export const SWAP_TYPE = 'swap';

export function withQuery(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The transfer page, USDT from the spot wallet into the contract wallet. */
export const TRANSFER_IN = withQuery(FUTURES_PATHS.transfer, { coin: 'USDT', from: 'spot', to: 'contract' });

export const DEFAULT_CONTRACT = 'BTC_USDT';

let lastSymbol = DEFAULT_CONTRACT;

/** The contract last looked at: the Futures tab opens on it when no `?symbol=` is given (kept while the app runs). */
export function rememberContract(symbol: string): void {
  lastSymbol = symbol;
}

export function currentContract(query: Readonly<Record<string, string>>): string {
  const wanted = query.symbol?.toUpperCase().replace('/', '_');
  return wanted && /^[A-Z0-9]{2,10}_[A-Z0-9]{2,10}$/.test(wanted) ? wanted : lastSymbol;
}

/** `BTC_USDT` → `BTCUSDT`, the way exchanges name a perpetual. */
export function contractName(symbol: string): string {
  return symbol.replace('_', '');
}
