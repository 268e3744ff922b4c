import { defineLocales } from '../../../lib/i18n';

export const wealthLocales = defineLocales('wealth', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useWealthT = wealthLocales.useT;
