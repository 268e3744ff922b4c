import { FundOutlined, WalletOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { wealthLocales } from './locales';

/** Wealth products: create, edit, pause, budgets and totals owed; holdings by user, ended by an operator. */
export const wealthFeature: ConsoleFeature = {
  name: 'wealth',
  locales: wealthLocales,
  pages: [
    {
      path: '/earn/wealth',
      permission: 'products.manage',
      title: wealthLocales.ref('productsTitle'),
      page: () => import('./pages/ProductsPage'),
      menu: { section: 'markets', order: 40, icon: FundOutlined },
    },
    {
      path: '/earn/wealth/holdings',
      permission: 'products.manage',
      title: wealthLocales.ref('holdingsTitle'),
      page: () => import('./pages/HoldingsPage'),
      menu: { section: 'markets', order: 41, icon: WalletOutlined },
    },
  ],
};
