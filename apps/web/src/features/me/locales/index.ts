import { defineLocales } from '../../../lib/i18n';

/**
 * What the me pages say (namespace `me`), one file per language; the active one arrives with the feature's first
 * page.
 */
export const meLocales = defineLocales('me', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useMeT = meLocales.useT;
