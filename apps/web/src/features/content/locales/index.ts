import { defineLocales } from '../../../lib/i18n';

/**
 * What the content pages say (namespace `content`), one file per language; the active one arrives with the feature's first
 * page.
 */
export const contentLocales = defineLocales('content', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useContentT = contentLocales.useT;
