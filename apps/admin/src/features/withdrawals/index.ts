import { SendOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { withdrawalsLocales } from './locales';

/** The withdrawal review queue: every withdrawal by status and user; approve (broadcast) or reject with a reason. */
export const withdrawalsFeature: ConsoleFeature = {
  name: 'withdrawals',
  locales: withdrawalsLocales,
  pages: [
    {
      path: '/reviews/withdrawals',
      permission: 'withdrawals.review',
      title: withdrawalsLocales.ref('title'),
      page: () => import('./pages/WithdrawalsPage'),
      menu: { section: 'reviews', order: 20, icon: SendOutlined },
    },
    {
      path: '/reviews/withdrawals/settings',
      permission: 'withdrawals.review',
      title: withdrawalsLocales.ref('settingsTitle'),
      page: () => import('./pages/WithdrawalSettingsPage'),
    },
  ],
  queues: [
    {
      key: 'withdrawals',
      title: withdrawalsLocales.ref('reviewCard'),
      path: '/reviews/withdrawals',
      icon: SendOutlined,
      order: 20,
    },
  ],
};
