import { IdcardOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { identityLocales } from './locales';

/** The identity review queue: submissions by status, one in full with its photos and history, approve or reject. */
export const identityFeature: ConsoleFeature = {
  name: 'identity',
  locales: identityLocales,
  pages: [
    {
      path: '/reviews/identity',
      permission: 'identity.review',
      title: identityLocales.ref('title'),
      page: () => import('./pages/IdentityListPage'),
      menu: { section: 'reviews', order: 10, icon: IdcardOutlined },
    },
    {
      path: '/reviews/identity/:id',
      permission: 'identity.review',
      title: identityLocales.ref('detailTitle'),
      page: () => import('./pages/IdentityDetailPage'),
    },
  ],
  queues: [
    {
      key: 'identity',
      title: identityLocales.ref('pendingCard'),
      path: '/reviews/identity',
      icon: IdcardOutlined,
      order: 10,
    },
  ],
};
