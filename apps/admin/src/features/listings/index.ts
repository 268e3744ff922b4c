import { FileAddOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { listingsLocales } from './locales';

/** Coin-listing applications: the review queue (approve, or reject with a reason the applicant reads). */
export const listingsFeature: ConsoleFeature = {
  name: 'listings',
  locales: listingsLocales,
  pages: [
    {
      path: '/listings',
      permission: 'markets.manage',
      title: listingsLocales.ref('title'),
      page: () => import('./pages/ListingsPage'),
      menu: { section: 'reviews', order: 60, icon: FileAddOutlined },
    },
  ],
  queues: [
    { key: 'listings', title: listingsLocales.ref('queue'), path: '/listings', icon: FileAddOutlined, order: 60 },
  ],
};
