import { defineLocales } from '../../../lib/i18n';

/**
 * What the auth pages say (namespace `auth`), one file per language; the active one arrives with the feature's first
 * page.
 */
export const authLocales = defineLocales('auth', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useAuthT = authLocales.useT;
