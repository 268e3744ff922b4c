import { defineLocales } from '../../../lib/i18n';

export const usersLocales = defineLocales('users', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useUsersT = usersLocales.useT;
