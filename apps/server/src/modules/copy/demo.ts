/**
 * Demo leaders on the exchange's capital (DEMO_DATA): approved traders whose `demo-leaders` job trades perpetuals by
 * a simple trend rule on the real book, so a newcomer can follow one and watch copies open and close.
 */
export const DEMO_LEADERS = [
  {
    account: 'copy-aurora@bourse.local',
    nickname: 'Aurora Trend',
    symbols: ['BTC_USDT', 'ETH_USDT'],
    funds: '200000',
    settings: { profitShare: '0.1', minCopyAmount: '10' },
  },
  {
    account: 'copy-meridian@bourse.local',
    nickname: 'Meridian Swing',
    symbols: ['ETH_USDT', 'SOL_USDT'],
    funds: '200000',
    settings: { profitShare: '0.08', minCopyAmount: '0' },
  },
] as const;
