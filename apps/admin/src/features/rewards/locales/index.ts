import { defineLocales } from '../../../lib/i18n';

export const rewardsLocales = defineLocales('rewards', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useRewardsT = rewardsLocales.useT;
