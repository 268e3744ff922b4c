import { defineLocales } from '../../../lib/i18n';

/**
 * Route titles and shortcut labels, fetched at start in the active language only (the page texts are in locales/,
 * fetched with the feature's first page).
 */
export const spotLabels = defineLocales('spotLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
