import { defineLocales } from '../../../lib/i18n';

export const operatorsLocales = defineLocales('operators', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useOperatorsT = operatorsLocales.useT;
