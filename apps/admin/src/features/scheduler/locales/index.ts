import { defineLocales } from '../../../lib/i18n';

export const schedulerLocales = defineLocales('scheduler', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useSchedulerT = schedulerLocales.useT;
