import { PayCircleOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { wealthLabels } from './labels';
import { wealthLocales } from './locales';
import { WEALTH_PATHS } from './paths';

/** Wealth products (product `earn`): flexible and fixed-term products, subscribe, holdings, returns, redeem. */
export const wealthFeature: Feature = {
  name: 'wealth',
  product: 'earn',
  labels: wealthLabels,
  locales: [wealthLocales],
  routes: [
    {
      path: WEALTH_PATHS.financial,
      page: () => import('./pages/FinancialPage'),
      title: wealthLabels.ref('financialTitle'),
      refreshable: true,
    },
    {
      path: WEALTH_PATHS.records,
      page: () => import('./pages/RecordsPage'),
      title: wealthLabels.ref('recordsTitle'),
      refreshable: true,
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'earn',
      path: WEALTH_PATHS.financial,
      label: wealthLabels.ref('serviceEarn'),
      icon: PayCircleOutline,
      group: 'assets',
    },
  ],
};
