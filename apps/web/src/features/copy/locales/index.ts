import { defineLocales } from '../../../lib/i18n';

/** What the copy-trading pages say (namespace `copy`), one file per language; the active one arrives with the page. */
export const copyLocales = defineLocales('copy', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useCopyT = copyLocales.useT;
export type CopyT = ReturnType<typeof useCopyT>;
