import { defineLocales } from '../../../lib/i18n';

export const identityLocales = defineLocales('identity', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useIdentityT = identityLocales.useT;
