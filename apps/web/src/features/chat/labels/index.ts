import { defineLocales } from '../../../lib/i18n';

/** The route title and the shortcut's label, fetched at start in the active language only. */
export const chatLabels = defineLocales('chatLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
