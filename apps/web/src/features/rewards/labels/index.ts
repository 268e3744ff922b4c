import { defineLocales } from '../../../lib/i18n';

/** Route titles and shortcut labels (namespace `rewardsLabels`), fetched at start in the active language only. */
export const rewardsLabels = defineLocales('rewardsLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
