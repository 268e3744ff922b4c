import { defineLocales } from '../../../lib/i18n';

/** What the C2C pages say (namespace `c2c`), one file per language; the active one arrives with the page. */
export const c2cLocales = defineLocales('c2c', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useC2CT = c2cLocales.useT;
