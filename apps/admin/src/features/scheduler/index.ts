import { ScheduleOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { schedulerLocales } from './locales';

/** The scheduler: every time-driven job with its last run, lag, failures, the slot being retried and its recent runs. */
export const schedulerFeature: ConsoleFeature = {
  name: 'scheduler',
  locales: schedulerLocales,
  pages: [
    {
      path: '/system/scheduler',
      permission: 'dashboard.read',
      title: schedulerLocales.ref('title'),
      page: () => import('./pages/SchedulerPage'),
      menu: { section: 'system', order: 30, icon: ScheduleOutlined },
    },
  ],
  dashboardCards: [
    { id: 'scheduler', permission: 'dashboard.read', order: 900, load: () => import('./components/SchedulerCard') },
  ],
};
