import { ThunderboltOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { miningLocales } from './locales';

/** Mining machines: models, the payout pool, machines users hold, totals owed. */
export const miningFeature: ConsoleFeature = {
  name: 'mining',
  locales: miningLocales,
  pages: [
    {
      path: '/markets/mining',
      permission: 'products.manage',
      title: miningLocales.ref('title'),
      page: () => import('./pages/MiningPage'),
      menu: { section: 'markets', order: 40, icon: ThunderboltOutlined },
    },
  ],
};
