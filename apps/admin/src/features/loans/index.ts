import { BankOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { loansLocales } from './locales';

/** Crypto loans: loanable and collateral coins, the loan book, loans near liquidation, totals owed. */
export const loansFeature: ConsoleFeature = {
  name: 'loans',
  locales: loansLocales,
  pages: [
    {
      path: '/markets/loans',
      permission: 'products.manage',
      title: loansLocales.ref('title'),
      page: () => import('./pages/LoansPage'),
      menu: { section: 'markets', order: 50, icon: BankOutlined },
    },
  ],
};
