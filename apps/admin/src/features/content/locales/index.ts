import { defineLocales } from '../../../lib/i18n';

export const contentLocales = defineLocales('content', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useContentT = contentLocales.useT;
