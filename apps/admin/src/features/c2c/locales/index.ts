import { defineLocales } from '../../../lib/i18n';

export const c2cLocales = defineLocales('c2c', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useC2CT = c2cLocales.useT;
