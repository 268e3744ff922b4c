import { FieldTimeOutlined, HistoryOutlined, SettingOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { optionsLocales } from './locales';

/** Up/down options: the terms (pairs, periods, payouts, limits, caps, hours), the rounds with their verification data, the house result. */
export const optionsFeature: ConsoleFeature = {
  name: 'options',
  locales: optionsLocales,
  pages: [
    {
      path: '/options/terms',
      permission: 'products.manage',
      title: optionsLocales.ref('termsTitle'),
      page: () => import('./pages/OptionTermsPage'),
      menu: { section: 'markets', order: 40, icon: SettingOutlined },
    },
    {
      path: '/options/rounds',
      permission: 'products.manage',
      title: optionsLocales.ref('roundsTitle'),
      page: () => import('./pages/OptionRoundsPage'),
      menu: { section: 'markets', order: 41, icon: FieldTimeOutlined },
    },
    {
      path: '/options/house',
      permission: 'ledger.read',
      title: optionsLocales.ref('houseTitle'),
      page: () => import('./pages/OptionHousePage'),
      menu: { section: 'finance', order: 40, icon: HistoryOutlined },
    },
  ],
};
