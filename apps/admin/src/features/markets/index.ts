import { AppstoreOutlined, LineChartOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { marketsLocales } from './locales';

/** Spot markets (create, edit their rules) and the product switches. */
export const marketsFeature: ConsoleFeature = {
  name: 'markets',
  locales: marketsLocales,
  pages: [
    {
      path: '/markets/spot',
      permission: 'markets.manage',
      title: marketsLocales.ref('spotTitle'),
      page: () => import('./pages/SpotMarketsPage'),
      menu: { section: 'markets', order: 10, icon: LineChartOutlined },
    },
    {
      path: '/markets/products',
      permission: 'products.manage',
      title: marketsLocales.ref('productsTitle'),
      page: () => import('./pages/ProductsPage'),
      menu: { section: 'markets', order: 20, icon: AppstoreOutlined },
    },
  ],
  dashboardCards: [
    { id: 'products', permission: 'products.manage', order: 40, load: () => import('./components/ProductsCard') },
  ],
};
