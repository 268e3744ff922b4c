import { defineLocales } from '../../../lib/i18n';

export const copyLocales = defineLocales('copy', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useCopyT = copyLocales.useT;
