import { defineLocales } from '../../../lib/i18n';

export const auditLocales = defineLocales('audit', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useAuditT = auditLocales.useT;
