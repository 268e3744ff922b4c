import { defineLocales } from '../../../lib/i18n';

/** Route title and shortcut label, fetched at start in the active language only (page texts are in locales/). */
export const optionsLabels = defineLocales('optionsLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
