import { defineLocales } from '../../../lib/i18n';

export const chainLocales = defineLocales('chain', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useChainT = chainLocales.useT;
