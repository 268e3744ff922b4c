import { BlockOutlined, ClusterOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { chainLocales } from './locales';

/** The chain adapter (test deposits, mining, failed sends on the simulated chain) and the coins' network settings. */
export const chainFeature: ConsoleFeature = {
  name: 'chain',
  locales: chainLocales,
  pages: [
    {
      path: '/finance/chain',
      permission: 'deposits.manage',
      title: chainLocales.ref('title'),
      page: () => import('./pages/ChainPage'),
      menu: { section: 'finance', order: 20, icon: BlockOutlined },
    },
    {
      path: '/finance/networks',
      permission: 'assets.manage',
      title: chainLocales.ref('networksTitle'),
      page: () => import('./pages/NetworksPage'),
      menu: { section: 'finance', order: 30, icon: ClusterOutlined },
    },
  ],
  dashboardCards: [
    { id: 'chain', permission: 'deposits.manage', order: 50, load: () => import('./components/ChainCard') },
  ],
};
