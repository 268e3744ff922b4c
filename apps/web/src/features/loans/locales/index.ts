import { defineLocales } from '../../../lib/i18n';

/** What the lending pages say (namespace `loans`), one file per language; the active one arrives with the page. */
export const loansLocales = defineLocales('loans', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useLoansT = loansLocales.useT;
