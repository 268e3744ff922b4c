import { RocketOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { subscriptionLocales } from './locales';

/** New-coin subscription: projects (create, edit, pause, call off), their allocation and settlement by user. */
export const subscriptionFeature: ConsoleFeature = {
  name: 'subscription',
  locales: subscriptionLocales,
  pages: [
    {
      path: '/earn/subscription',
      permission: 'products.manage',
      title: subscriptionLocales.ref('projectsTitle'),
      page: () => import('./pages/ProjectsPage'),
      menu: { section: 'markets', order: 45, icon: RocketOutlined },
    },
  ],
};
