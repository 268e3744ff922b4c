import { SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { usersLocales } from './locales';

/**
 * Users as the desks see them: search by uid, email, phone or invitation code; a user's page with their contact
 * details, state, balances, orders, withdrawals, identity submissions and devices; freeze and unfreeze.
 */
export const usersFeature: ConsoleFeature = {
  name: 'users',
  locales: usersLocales,
  pages: [
    {
      path: '/users',
      permission: 'users.read',
      title: usersLocales.ref('title'),
      page: () => import('./pages/UsersPage'),
      menu: { section: 'users', order: 10, icon: TeamOutlined },
    },
    {
      path: '/users/two-factor-resets',
      permission: 'users.read',
      title: usersLocales.ref('resetsTitle'),
      page: () => import('./pages/TwoFactorResetsPage'),
      menu: { section: 'users', order: 20, icon: SafetyOutlined },
    },
    {
      path: '/users/:uid',
      permission: 'users.read',
      title: usersLocales.ref('detailTitle'),
      page: () => import('./pages/UserPage'),
    },
  ],
  queues: [
    {
      key: 'twoFactorResets',
      title: usersLocales.ref('resetsCard'),
      path: '/users/two-factor-resets',
      icon: SafetyOutlined,
      order: 40,
    },
  ],
};
