import { defineLocales } from '../../../lib/i18n';

export const optionsLocales = defineLocales('options', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useOptionsT = optionsLocales.useT;
