import { CrownOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { membershipLocales } from './locales';

/** Membership: the levels and their benefits, the hold asset, the base withdrawal limit, the members. */
export const membershipFeature: ConsoleFeature = {
  name: 'membership',
  locales: membershipLocales,
  pages: [
    {
      path: '/membership',
      permission: 'products.manage',
      title: membershipLocales.ref('title'),
      page: () => import('./pages/MembershipPage'),
      menu: { section: 'markets', order: 60, icon: CrownOutlined },
    },
  ],
};
