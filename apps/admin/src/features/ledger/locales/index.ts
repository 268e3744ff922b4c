import { defineLocales } from '../../../lib/i18n';

export const ledgerLocales = defineLocales('ledger', {
  en: () => import('./en'),
  zh_CN: () => import('./zh_CN'),
  zh_HK: () => import('./zh_HK'),
});

export const useLedgerT = ledgerLocales.useT;
