import { defineLocales } from '../../../lib/i18n';

/**
 * What the security pages say (namespace `security`), one file per language; the active one arrives with the feature's first
 * page.
 */
export const securityLocales = defineLocales('security', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useSecurityT = securityLocales.useT;
