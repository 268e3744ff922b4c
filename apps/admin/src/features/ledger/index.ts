import { AuditOutlined, BankOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { ledgerLocales } from './locales';

/**
 * The ledger's reconciliation: does every unit add up, per asset, and what does not (the dashboard's card shows the
 * last report from the dashboard endpoint); the system accounts with their statements and holds; journal search by
 * reference.
 */
export const ledgerFeature: ConsoleFeature = {
  name: 'ledger',
  locales: ledgerLocales,
  pages: [
    {
      path: '/finance/ledger',
      permission: 'ledger.read',
      title: ledgerLocales.ref('title'),
      page: () => import('./pages/ReconciliationPage'),
      menu: { section: 'finance', order: 10, icon: AuditOutlined },
    },
    {
      path: '/finance/ledger/system-accounts',
      permission: 'ledger.read',
      title: ledgerLocales.ref('systemTitle'),
      page: () => import('./pages/SystemAccountsPage'),
      menu: { section: 'finance', order: 11, icon: BankOutlined },
    },
    {
      path: '/finance/ledger/journal',
      permission: 'ledger.read',
      title: ledgerLocales.ref('journalTitle'),
      page: () => import('./pages/JournalPage'),
      menu: { section: 'finance', order: 12, icon: FileSearchOutlined },
    },
  ],
};
