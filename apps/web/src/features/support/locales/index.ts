import { defineLocales } from '../../../lib/i18n';

/** What the chat page says (namespace `support`), one file per language; the active one arrives with the page. */
export const supportLocales = defineLocales('support', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useSupportT = supportLocales.useT;
