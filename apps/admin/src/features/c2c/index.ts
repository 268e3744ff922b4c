import { SettingOutlined, SwapOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { c2cLocales } from './locales';

/** C2C: merchant applications, the appeals queue with rulings (order, chat, evidence, histories), orders, ads. */
export const c2cFeature: ConsoleFeature = {
  name: 'c2c',
  locales: c2cLocales,
  pages: [
    {
      path: '/c2c',
      permission: 'c2c.arbitrate',
      title: c2cLocales.ref('title'),
      page: () => import('./pages/C2CPage'),
      menu: { section: 'reviews', order: 40, icon: SwapOutlined },
    },
    {
      path: '/c2c/settings',
      permission: 'products.manage',
      title: c2cLocales.ref('settingsTitle'),
      page: () => import('./pages/C2CSettingsPage'),
      menu: { section: 'markets', order: 50, icon: SettingOutlined },
    },
  ],
  queues: [
    { key: 'c2c-appeals', title: c2cLocales.ref('queueAppeals'), path: '/c2c', icon: SwapOutlined, order: 40 },
    {
      key: 'c2c-merchants',
      title: c2cLocales.ref('queueMerchants'),
      path: '/c2c?tab=merchants',
      icon: SwapOutlined,
      order: 41,
    },
  ],
};
