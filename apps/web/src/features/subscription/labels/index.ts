import { defineLocales } from '../../../lib/i18n';

/** Route title and shortcut label of new-coin subscription, fetched at start in the active language only. */
export const subscriptionLabels = defineLocales('subscriptionLabels', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});
