import { defineLocales } from '../../../lib/i18n';

export const futuresLocales = defineLocales('futures', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useFuturesT = futuresLocales.useT;
