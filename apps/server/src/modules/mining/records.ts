import type { Lang } from '@bourse/contract';

/**
 * What each kind of mining movement is called in the user's funding records, in every language the app speaks (the
 * wallet's records page shows the server's title for another product's records).
 */
const TITLES = {
  buy: {
    en: 'Mining machine bought',
    zh_CN: '购买矿机',
    zh_HK: '購買礦機',
    es: 'Compra de máquina de minería',
    fr: 'Achat de machine de minage',
  },
  fuel: {
    en: 'Mining fuel added',
    zh_CN: '矿机加注燃料',
    zh_HK: '礦機加注燃料',
    es: 'Combustible de minería añadido',
    fr: 'Carburant de minage ajouté',
  },
  burn: {
    en: 'Mining fuel burnt',
    zh_CN: '矿机燃料消耗',
    zh_HK: '礦機燃料消耗',
    es: 'Combustible de minería consumido',
    fr: 'Carburant de minage consommé',
  },
  income: {
    en: 'Mining income',
    zh_CN: '挖矿收益',
    zh_HK: '挖礦收益',
    es: 'Ingresos de minería',
    fr: 'Revenu de minage',
  },
  collect: {
    en: 'Mining income collected',
    zh_CN: '领取挖矿收益',
    zh_HK: '領取挖礦收益',
    es: 'Ingresos de minería cobrados',
    fr: 'Revenu de minage collecté',
  },
  fuelReturn: {
    en: 'Unused mining fuel returned',
    zh_CN: '退还未用燃料',
    zh_HK: '退還未用燃料',
    es: 'Combustible no usado devuelto',
    fr: 'Carburant inutilisé restitué',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type MiningRecordKind = keyof typeof TITLES;

export function recordTitle(kind: MiningRecordKind, lang: Lang): string {
  return TITLES[kind][lang];
}
