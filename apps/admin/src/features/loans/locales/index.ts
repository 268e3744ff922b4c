import { defineLocales } from '../../../lib/i18n';

export const loansLocales = defineLocales('loans', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useLoansT = loansLocales.useT;
