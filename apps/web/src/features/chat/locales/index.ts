import { defineLocales } from '../../../lib/i18n';

/** What the chat page says (namespace `chat`), one file per language; the active one arrives with the page. */
export const chatLocales = defineLocales('chat', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
  es: () => import('./es'),
  fr: () => import('./fr'),
});

export const useChatT = chatLocales.useT;
