import type { SwapContractWithTicker } from '@bourse/contract';

/** Contracts in the operator's order (pure: the pages pass what the cache holds). */
export function sortContracts(list: readonly SwapContractWithTicker[]): SwapContractWithTicker[] {
  return [...list].sort(
    (a, b) => a.contract.sort - b.contract.sort || a.contract.symbol.localeCompare(b.contract.symbol),
  );
}

/** Free text against a contract: `btc`, `BTCUSDT`, `btc_usdt`, `BTC/USDT` all find BTC_USDT. */
export function matchesContract(item: SwapContractWithTicker, text: string): boolean {
  const q = text
    .trim()
    .toUpperCase()
    .replace(/[\s/_-]/g, '');
  if (q === '') return true;
  const { base, quote } = item.contract;
  return base.startsWith(q) || `${base}${quote}`.startsWith(q) || (q.length >= 2 && base.includes(q));
}
