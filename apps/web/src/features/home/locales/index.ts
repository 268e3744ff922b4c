import { defineLocales } from '../../../lib/i18n';

/**
 * What the home pages say (namespace `home`), one file per language; the active one arrives with the feature's first
 * page.
 */
export const homeLocales = defineLocales('home', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useHomeT = homeLocales.useT;
