import { defineLocales } from '../../../lib/i18n';

/** Route titles and shortcut labels, fetched at start in the active language only (page texts are in locales/). */
export const c2cLabels = defineLocales('c2cLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
