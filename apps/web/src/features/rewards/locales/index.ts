import { defineLocales } from '../../../lib/i18n';

/** What the reward pages say (namespace `rewards`), one file per language; the active one arrives with the page. */
export const rewardsLocales = defineLocales('rewards', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useRewardsT = rewardsLocales.useT;
export type RewardsT = ReturnType<typeof useRewardsT>;
