import { TeamOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { copyLocales } from './locales';

/** Copy trading: leader applications (qualification review), leaders' settings and escrow, settlements. */
export const copyFeature: ConsoleFeature = {
  name: 'copy',
  locales: copyLocales,
  pages: [
    {
      path: '/copy',
      permission: 'products.manage',
      title: copyLocales.ref('title'),
      page: () => import('./pages/CopyPage'),
      menu: { section: 'markets', order: 45, icon: TeamOutlined },
    },
  ],
  queues: [
    {
      key: 'copy-applications',
      title: copyLocales.ref('queueApplications'),
      path: '/copy',
      icon: TeamOutlined,
      order: 45,
    },
  ],
};
