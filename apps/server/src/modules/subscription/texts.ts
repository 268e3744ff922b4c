import type { Lang } from '@bourse/contract';

/** How this module's movements read in the wallet's funding records, in the reader's language. */
const TEXTS = {
  commit: {
    en: 'New-coin subscription · {token}',
    zh_CN: '新币申购 · {token}',
    zh_HK: '新幣申購 · {token}',
    es: 'Suscripción de nueva moneda · {token}',
    fr: 'Souscription nouvelle crypto · {token}',
  },
  withdraw: {
    en: 'Subscription withdrawn · {token}',
    zh_CN: '撤回申购 · {token}',
    zh_HK: '撤回申購 · {token}',
    es: 'Suscripción retirada · {token}',
    fr: 'Souscription retirée · {token}',
  },
  pay: {
    en: 'Subscription payment · {token}',
    zh_CN: '申购扣款 · {token}',
    zh_HK: '申購扣款 · {token}',
    es: 'Pago de suscripción · {token}',
    fr: 'Paiement de souscription · {token}',
  },
  deliver: {
    en: 'Tokens allocated · {token}',
    zh_CN: '新币到账 · {token}',
    zh_HK: '新幣到賬 · {token}',
    es: 'Tokens asignados · {token}',
    fr: 'Jetons attribués · {token}',
  },
  refund: {
    en: 'Subscription refund · {token}',
    zh_CN: '申购退款 · {token}',
    zh_HK: '申購退款 · {token}',
    es: 'Reembolso de suscripción · {token}',
    fr: 'Remboursement de souscription · {token}',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type SubscriptionText = keyof typeof TEXTS;

export function subscriptionText(key: SubscriptionText, lang: Lang, token: string): string {
  return TEXTS[key][lang].replace('{token}', token);
}
