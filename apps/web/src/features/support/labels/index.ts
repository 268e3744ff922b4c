import { defineLocales } from '../../../lib/i18n';

/**
 * Route titles, the shortcut's label and its badge's text, fetched at start in the active language only (the page
 * texts are in locales/, fetched with the chat page).
 */
export const supportLabels = defineLocales('supportLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
