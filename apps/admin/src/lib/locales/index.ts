import { defineLocales } from '../i18n';

/** Texts of the shell and the shared components (namespace `common`). */
export const commonLocales = defineLocales('common', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useCommonT = commonLocales.useT;
