import { defineLocales } from '../../../lib/i18n';

/** What the listing page say (namespace `listings`), one file per language; the active one arrives with the page. */
export const listingsLocales = defineLocales('listings', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useListingsT = listingsLocales.useT;
