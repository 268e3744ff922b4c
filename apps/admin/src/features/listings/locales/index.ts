import { defineLocales } from '../../../lib/i18n';

export const listingsLocales = defineLocales('listings', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useListingsT = listingsLocales.useT;
