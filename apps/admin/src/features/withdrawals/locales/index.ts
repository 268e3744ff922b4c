import { defineLocales } from '../../../lib/i18n';

export const withdrawalsLocales = defineLocales('withdrawals', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useWithdrawalsT = withdrawalsLocales.useT;
