import { defineLocales } from '../../../lib/i18n';

export const authLocales = defineLocales('auth', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useAuthT = authLocales.useT;
