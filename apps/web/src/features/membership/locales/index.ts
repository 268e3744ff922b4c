import { defineLocales } from '../../../lib/i18n';

/** What the membership pages say (namespace `membership`), one file per language; the active one arrives with the page. */
export const membershipLocales = defineLocales('membership', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useMembershipT = membershipLocales.useT;
