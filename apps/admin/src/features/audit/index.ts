import { FileSearchOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { auditLocales } from './locales';

/** The operator audit log: every operator action and refusal, filterable, newest first. */
export const auditFeature: ConsoleFeature = {
  name: 'audit',
  locales: auditLocales,
  pages: [
    {
      path: '/system/audit',
      permission: 'audit.read',
      title: auditLocales.ref('title'),
      page: () => import('./pages/AuditPage'),
      menu: { section: 'system', order: 10, icon: FileSearchOutlined },
    },
  ],
};
