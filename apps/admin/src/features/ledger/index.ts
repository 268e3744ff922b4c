import { AuditOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { ledgerLocales } from './locales';

/**
 * The ledger's reconciliation: does every unit add up, per asset, and what does not. (The dashboard's card shows the
 * last report from the dashboard endpoint.)
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
  ],
};
