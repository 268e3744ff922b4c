import { defineLocales } from '../../../lib/i18n';

export const marketsLocales = defineLocales('markets', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useMarketsT = marketsLocales.useT;
