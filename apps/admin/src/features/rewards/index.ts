import { GiftOutlined, TrophyOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { rewardsLocales } from './locales';

/** Rewards: the reward pool, check-in and rebate settings, rebates paid, mystery boxes. */
export const rewardsFeature: ConsoleFeature = {
  name: 'rewards',
  locales: rewardsLocales,
  pages: [
    {
      path: '/rewards',
      permission: 'products.manage',
      title: rewardsLocales.ref('rewardsTitle'),
      page: () => import('./pages/RewardsPage'),
      menu: { section: 'markets', order: 40, icon: TrophyOutlined },
    },
    {
      path: '/rewards/boxes',
      permission: 'products.manage',
      title: rewardsLocales.ref('boxesTitle'),
      page: () => import('./pages/BoxesPage'),
      menu: { section: 'markets', order: 50, icon: GiftOutlined },
    },
  ],
};
