/** The wallet's public URLs (spec §2; flash is an added route, decisions.md). */
export const WALLET_PATHS = {
  property: '/pages/usreMei/property',
  currency: '/pages/usreMei/currency',
  recharge: '/pages/usreMei/recharge',
  withdraw: '/pages/usreMei/withdraw',
  withdrawDetail: '/pages/usreMei/withdraw-detail',
  transfer: '/pages/usreMei/transfer',
  records: '/pages/usreMei/wallet-details',
  flash: '/pages/usreMei/flash',
} as const;

/**
 * Set or change the fund password (the security feature's page), then come back to `returnTo` — the page and its
 * form as they were.
 */
export function fundPasswordRoute(returnTo: string): string {
  return withQuery('/pages/usreMei/update_pwd', { type: 'fund', redirect: returnTo });
}

export function withQuery(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
