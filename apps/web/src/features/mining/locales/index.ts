import { defineLocales } from '../../../lib/i18n';

/** What the mining pages say (namespace `mining`), one file per language; the active one arrives with the page. */
export const miningLocales = defineLocales('mining', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useMiningT = miningLocales.useT;
