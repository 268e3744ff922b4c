import { defineLocales } from '../../../lib/i18n';

export const supportLocales = defineLocales('support', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useSupportT = supportLocales.useT;
