import { defineLocales } from '../../../lib/i18n';

export const miningLocales = defineLocales('mining', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useMiningT = miningLocales.useT;
