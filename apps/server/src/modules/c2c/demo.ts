import type { C2CService } from './service';

/**
 * Demo merchants on the exchange's capital (DEMO_DATA): they list USDT for every currency and buy it back, and the
 * `bots` job acts for them by the real rules — release what a buyer marked paid, pay what they bought — so a
 * newcomer can buy or sell alone.
 */
export const DEMO_MERCHANTS = [
  {
    account: 'c2c-maple@bourse.local',
    nickname: 'Maple OTC',
    holder: 'Maple Trading',
    methods: [
      { type: 'alipay' as const, account: 'maple-otc@alipay.demo' },
      { type: 'bank' as const, account: '6222 0000 0000 0001', bankName: 'Demo Bank' },
    ],
    funds: [{ asset: 'USDT', amount: '200000' }],
    ads: [
      {
        side: 'sell' as const,
        asset: 'USDT',
        fiat: 'CNY' as const,
        price: '7.25',
        total: '50000',
        min: '100',
        max: '50000',
      },
      {
        side: 'sell' as const,
        asset: 'USDT',
        fiat: 'HKD' as const,
        price: '7.85',
        total: '20000',
        min: '100',
        max: '50000',
      },
      {
        side: 'buy' as const,
        asset: 'USDT',
        fiat: 'CNY' as const,
        price: '7.10',
        total: '50000',
        min: '100',
        max: '50000',
      },
    ],
  },
  {
    account: 'c2c-harbor@bourse.local',
    nickname: 'Harbor Exchange',
    holder: 'Harbor Exchange',
    methods: [
      { type: 'wechat' as const, account: 'harbor_pay' },
      { type: 'paypal' as const, account: 'pay@harbor.demo' },
    ],
    funds: [{ asset: 'USDT', amount: '200000' }],
    ads: [
      {
        side: 'sell' as const,
        asset: 'USDT',
        fiat: 'CNY' as const,
        price: '7.28',
        total: '30000',
        min: '50',
        max: '20000',
      },
      {
        side: 'sell' as const,
        asset: 'USDT',
        fiat: 'USD' as const,
        price: '1.01',
        total: '30000',
        min: '10',
        max: '10000',
      },
      {
        side: 'sell' as const,
        asset: 'USDT',
        fiat: 'EUR' as const,
        price: '0.93',
        total: '30000',
        min: '10',
        max: '10000',
      },
      {
        side: 'buy' as const,
        asset: 'USDT',
        fiat: 'USD' as const,
        price: '0.99',
        total: '30000',
        min: '10',
        max: '10000',
      },
    ],
  },
];

export async function seedC2CDemo(c2c: C2CService): Promise<void> {
  for (const m of DEMO_MERCHANTS) {
    await c2c.ensureBot({
      account: m.account,
      nickname: m.nickname,
      holder: m.holder,
      methods: m.methods,
      funds: m.funds,
      ads: m.ads.map((ad) => ({
        side: ad.side,
        asset: ad.asset,
        fiat: ad.fiat,
        priceType: 'fixed',
        fixedPrice: ad.price,
        total: ad.total,
        minAmount: ad.min,
        maxAmount: ad.max,
        payMinutes: 15,
        terms: 'Demo merchant: pays and releases automatically within seconds.',
      })),
    });
  }
}
