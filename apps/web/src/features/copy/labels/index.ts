import { defineLocales } from '../../../lib/i18n';

/** Route titles and the shortcut label (namespace `copyLabels`), fetched at start in the active language only. */
export const copyLabels = defineLocales('copyLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
