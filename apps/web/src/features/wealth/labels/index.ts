import { defineLocales } from '../../../lib/i18n';

/** Route titles and shortcut labels of wealth products, fetched at start in the active language only. */
export const wealthLabels = defineLocales('wealthLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
