import { DashboardOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { dashboardLocales } from './locales';

/**
 * The start page: cards from every feature (`dashboardCards`), each fed by its own queries, and a card per review
 * queue the role works (`queues` of the features, counted by `GET /admin/api/dashboard`). Its own cards — users and
 * sign-ups, the last reconciliation — come from that endpoint, which every role may read.
 */
export const dashboardFeature: ConsoleFeature = {
  name: 'dashboard',
  locales: dashboardLocales,
  pages: [
    {
      path: '/',
      permission: 'dashboard.read',
      title: dashboardLocales.ref('title'),
      page: () => import('./pages/DashboardPage'),
      menu: { section: 'overview', order: 10, icon: DashboardOutlined },
    },
  ],
  dashboardCards: [
    { id: 'users', permission: 'dashboard.read', order: 5, load: () => import('./components/UsersCard') },
    {
      id: 'depositsToday',
      permission: 'dashboard.read',
      order: 6,
      load: () => import('./components/DepositsTodayCard'),
    },
    {
      id: 'withdrawalsToday',
      permission: 'dashboard.read',
      order: 7,
      load: () => import('./components/WithdrawalsTodayCard'),
    },
    {
      id: 'tradingToday',
      permission: 'dashboard.read',
      order: 8,
      span: 16,
      load: () => import('./components/TradingTodayCard'),
    },
    {
      id: 'reconciliation',
      permission: 'dashboard.read',
      order: 30,
      load: () => import('./components/ReconciliationCard'),
    },
  ],
};
