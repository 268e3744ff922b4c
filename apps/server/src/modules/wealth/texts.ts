import type { Lang } from '@bourse/contract';

/**
 * The few words of this module that users read in their funding records (the wallet shows a product's record with
 * the title its module gives it, in the reader's language).
 */
const TEXTS = {
  flexible: { en: 'Flexible', zh_CN: '活期', zh_HK: '活期', es: 'Flexible', fr: 'Flexible' },
  fixed: {
    en: '{n}-day fixed',
    zh_CN: '{n}天定期',
    zh_HK: '{n}天定期',
    es: 'Plazo fijo {n} días',
    fr: 'Terme fixe {n} jours',
  },
  subscribe: {
    en: 'Wealth subscription · {name}',
    zh_CN: '理财申购 · {name}',
    zh_HK: '理財申購 · {name}',
    es: 'Suscripción de inversión · {name}',
    fr: 'Souscription épargne · {name}',
  },
  interest: {
    en: 'Wealth return · {name}',
    zh_CN: '理财收益 · {name}',
    zh_HK: '理財收益 · {name}',
    es: 'Rendimiento de inversión · {name}',
    fr: 'Rendement épargne · {name}',
  },
  redeem: {
    en: 'Wealth redemption · {name}',
    zh_CN: '理财赎回 · {name}',
    zh_HK: '理財贖回 · {name}',
    es: 'Rescate de inversión · {name}',
    fr: 'Rachat épargne · {name}',
  },
  maturity: {
    en: 'Wealth matured · {name}',
    zh_CN: '理财到期 · {name}',
    zh_HK: '理財到期 · {name}',
    es: 'Inversión vencida · {name}',
    fr: 'Épargne échue · {name}',
  },
  early: {
    en: 'Early redemption · {name}',
    zh_CN: '提前赎回 · {name}',
    zh_HK: '提前贖回 · {name}',
    es: 'Rescate anticipado · {name}',
    fr: 'Rachat anticipé · {name}',
  },
  revoke: {
    en: 'Wealth holding revoked · {name}',
    zh_CN: '理财持仓已撤销 · {name}',
    zh_HK: '理財持倉已撤銷 · {name}',
    es: 'Posición de inversión revocada · {name}',
    fr: 'Position d’épargne révoquée · {name}',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type WealthText = keyof typeof TEXTS;

export function wealthText(key: WealthText, lang: Lang, params: Record<string, string | number> = {}): string {
  return TEXTS[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}

/** "USDT Flexible", "USDT 30-day fixed" in the reader's language. */
export function productName(asset: string, kind: 'flexible' | 'fixed', termDays: number | null, lang: Lang): string {
  const label = kind === 'flexible' ? wealthText('flexible', lang) : wealthText('fixed', lang, { n: termDays ?? 0 });
  return `${asset} ${label}`;
}
