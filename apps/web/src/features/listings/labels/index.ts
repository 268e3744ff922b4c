import { defineLocales } from '../../../lib/i18n';

/** Route titles and shortcut labels (namespace `listingsLabels`), fetched at start in the active language only. */
export const listingsLabels = defineLocales('listingsLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
