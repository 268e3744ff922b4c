import { defineLocales } from '../../../lib/i18n';

/** Route titles and the shortcut's label (namespace `miningLabels`), fetched at start in the active language. */
export const miningLabels = defineLocales('miningLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
