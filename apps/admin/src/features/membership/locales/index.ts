import { defineLocales } from '../../../lib/i18n';

export const membershipLocales = defineLocales('membership', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useMembershipT = membershipLocales.useT;
