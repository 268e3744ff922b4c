import type { SubscriptionProjectValues } from '@bourse/contract';
import type { SubscriptionService } from './service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The projects a fresh install shows: one in its window (NOVA, open for five days from the first start) and one
 * finished (ORBIT, whose window closed an hour before the first start). The demo account applied to ORBIT, so its
 * allocation, payment and refund are settled at start like any other and appear in its funding records.
 */
export function demoProjects(now: number): SubscriptionProjectValues[] {
  return [
    {
      token: 'NOVA',
      tokenName: 'Nova Network',
      displayPrecision: 2,
      quote: 'USDT',
      paused: false,
      price: '0.05',
      supply: '2000000',
      startsAt: now - HOUR,
      endsAt: now + 5 * DAY,
      minCommit: '10',
      maxCommit: '5000',
      intro: {
        en: 'Nova Network is a payments chain with one-second finality. 2,000,000 NOVA are on sale at 0.05 USDT; when the window closes, tokens are shared pro rata to what each applicant committed and the rest is refunded.',
        zh_CN:
          'Nova Network 是一条一秒确认的支付公链。本期发售 2,000,000 NOVA，价格 0.05 USDT；申购结束后按各人申购金额比例分配，多余部分退回。',
        zh_HK:
          'Nova Network 是一條一秒確認的支付公鏈。本期發售 2,000,000 NOVA，價格 0.05 USDT；申購結束後按各人申購金額比例分配，多餘部分退回。',
        es: 'Nova Network es una cadena de pagos con finalidad en un segundo. Se venden 2.000.000 NOVA a 0,05 USDT; al cerrar el periodo, los tokens se reparten en proporción a lo comprometido y el resto se reembolsa.',
        fr: 'Nova Network est une chaîne de paiement à finalité d’une seconde. 2 000 000 NOVA sont en vente à 0,05 USDT ; à la clôture, les jetons sont répartis au prorata des engagements et le reste est remboursé.',
      },
    },
    {
      token: 'ORBIT',
      tokenName: 'Orbit Protocol',
      displayPrecision: 2,
      quote: 'USDT',
      paused: false,
      price: '0.1',
      supply: '2000',
      startsAt: now - 4 * DAY,
      endsAt: now - HOUR,
      minCommit: '10',
      maxCommit: '1000',
      intro: {
        en: 'Orbit Protocol lends idle stablecoins to market makers. 2,000 ORBIT were on sale at 0.1 USDT.',
        zh_CN: 'Orbit Protocol 将闲置稳定币借给做市商。本期发售 2,000 ORBIT，价格 0.1 USDT。',
        zh_HK: 'Orbit Protocol 將閒置穩定幣借給做市商。本期發售 2,000 ORBIT，價格 0.1 USDT。',
        es: 'Orbit Protocol presta stablecoins inactivas a creadores de mercado. Se vendieron 2.000 ORBIT a 0,1 USDT.',
        fr: 'Orbit Protocol prête des stablecoins inactifs aux teneurs de marché. 2 000 ORBIT étaient en vente à 0,1 USDT.',
      },
    },
  ];
}

/** The demo account's application to the finished project: 500 USDT for 2,000 ORBIT worth 200 USDT. */
export const DEMO_APPLICATION = { token: 'ORBIT', amount: '500' } as const;

export function seedSubscriptionDemo(subscription: SubscriptionService, now: number, demoUid: number | null): void {
  if (subscription.adminProjects().length > 0) return;
  for (const input of demoProjects(now)) subscription.createProject(input, { past: true });
  const finished = subscription.adminProjects().find((p) => p.token === DEMO_APPLICATION.token);
  if (finished && demoUid !== null) {
    subscription.seedApplication(finished.id, demoUid, DEMO_APPLICATION.amount, finished.startsAt + 3_600_000);
  }
  subscription.settleDue(now, now);
}
