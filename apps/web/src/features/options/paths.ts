/** The options page's public URL (spec §2, its spelling kept). */
export const OPTION_PATHS = {
  option: '/pages/Option/Option',
  /** The wallet feature's transfer page (reached by path, never imported): into the options wallet. */
  transferIn: '/pages/usreMei/transfer?from=spot&to=options&coin=USDT',
} as const;

export const DEFAULT_OPTION_SYMBOL = 'BTC_USDT';

/** `BTC_USDT` → `BTC/USDT`. */
export function pairName(symbol: string): string {
  return symbol.replace('_', '/');
}
