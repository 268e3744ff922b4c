/**
 * The assets a fresh install starts with (the operator can add more). Every amount is stored at scale 8; the
 * display precision is what the app shows for balances.
 */
export const DEFAULT_ASSETS = [
  { code: 'USDT', name: 'Tether USD', scale: 8, displayPrecision: 4, sort: 1 },
  { code: 'BTC', name: 'Bitcoin', scale: 8, displayPrecision: 8, sort: 2 },
  { code: 'ETH', name: 'Ethereum', scale: 8, displayPrecision: 8, sort: 3 },
  { code: 'BNB', name: 'BNB', scale: 8, displayPrecision: 6, sort: 4 },
  { code: 'SOL', name: 'Solana', scale: 8, displayPrecision: 6, sort: 5 },
  { code: 'XRP', name: 'XRP', scale: 8, displayPrecision: 4, sort: 6 },
  { code: 'DOGE', name: 'Dogecoin', scale: 8, displayPrecision: 4, sort: 7 },
  { code: 'TRX', name: 'TRON', scale: 8, displayPrecision: 4, sort: 8 },
  { code: 'LTC', name: 'Litecoin', scale: 8, displayPrecision: 6, sort: 9 },
  { code: 'BRS', name: 'Bourse Token', scale: 8, displayPrecision: 4, sort: 10 },
] as const;
