import { FileOutline, FireFill } from 'antd-mobile-icons';
import { tradingLocales } from '../../components/trading/locales';
import type { Feature } from '../../lib/feature';
import { futuresLabels } from './labels';
import { futuresLocales } from './locales';
import { FUTURES_PATHS } from './paths';

/** Perpetual contracts: the Futures tab, my futures orders and records, and one position or order. */
export const futuresFeature: Feature = {
  name: 'futures',
  product: 'futures',
  labels: futuresLabels,
  // The trading kit's texts (order book, charts) come with the futures pages.
  locales: [futuresLocales, tradingLocales],
  routes: [
    {
      path: FUTURES_PATHS.lever,
      page: () => import('./pages/LeverPage'),
      title: futuresLabels.ref('leverTitle'),
      tab: 'futures',
    },
    {
      path: FUTURES_PATHS.order,
      page: () => import('./pages/OrderPage'),
      title: futuresLabels.ref('orderTitle'),
      refreshable: true,
      requiresLogin: true,
    },
    {
      path: FUTURES_PATHS.detail,
      page: () => import('./pages/DetailPage'),
      title: futuresLabels.ref('detailTitle'),
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'futures',
      path: FUTURES_PATHS.lever,
      label: futuresLabels.ref('serviceFutures'),
      icon: FireFill,
      group: 'trade',
      home: 6,
    },
    {
      id: 'futuresOrders',
      path: FUTURES_PATHS.order,
      label: futuresLabels.ref('serviceOrders'),
      icon: FileOutline,
      group: 'trade',
      me: 41,
    },
  ],
};
