import { defineLocales } from '../../../lib/i18n';

export const subscriptionLocales = defineLocales('subscription', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useSubscriptionT = subscriptionLocales.useT;
