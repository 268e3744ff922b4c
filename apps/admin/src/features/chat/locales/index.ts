import { defineLocales } from '../../../lib/i18n';

export const chatLocales = defineLocales('chat', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useChatT = chatLocales.useT;
