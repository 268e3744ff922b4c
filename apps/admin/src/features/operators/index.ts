import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { operatorsLocales } from './locales';

/** The console's operators: list, create (the password shown once), role and status, password and two-factor resets. */
export const operatorsFeature: ConsoleFeature = {
  name: 'operators',
  locales: operatorsLocales,
  pages: [
    {
      path: '/system/operators',
      permission: 'operators.manage',
      title: operatorsLocales.ref('title'),
      page: () => import('./pages/OperatorsPage'),
      menu: { section: 'system', order: 5, icon: SafetyCertificateOutlined },
    },
  ],
};
