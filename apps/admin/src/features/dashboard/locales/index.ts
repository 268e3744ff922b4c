import { defineLocales } from '../../../lib/i18n';

export const dashboardLocales = defineLocales('dashboard', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useDashboardT = dashboardLocales.useT;
