import { defineLocales } from '../../../lib/i18n';

/**
 * Route titles, shortcut labels and the Markets tab's title, fetched at start in the active language only (the page
 * texts are in locales/, fetched with the feature's first page).
 */
export const futuresLabels = defineLocales('futuresLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
