import { UserAddOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { copyLabels } from './labels';
import { copyLocales } from './locales';
import { COPY_PATHS } from './paths';

/** Copy trading (the spec's documentary): traders, following, leader management — product `copy`. */
export const copyFeature: Feature = {
  name: 'copy',
  product: 'copy',
  labels: copyLabels,
  locales: [copyLocales],
  routes: [
    {
      path: COPY_PATHS.index,
      page: () => import('./pages/TradersPage'),
      title: copyLabels.ref('indexTitle'),
      refreshable: true,
    },
    { path: COPY_PATHS.detail, page: () => import('./pages/TraderDetailPage'), title: copyLabels.ref('detailTitle') },
    {
      path: COPY_PATHS.mine,
      page: () => import('./pages/MyCopiesPage'),
      title: copyLabels.ref('mineTitle'),
      requiresLogin: true,
      refreshable: true,
    },
    {
      path: COPY_PATHS.records,
      page: () => import('./pages/RecordsPage'),
      title: copyLabels.ref('recordsTitle'),
      requiresLogin: true,
    },
    {
      path: COPY_PATHS.become,
      page: () => import('./pages/BecomeTraderPage'),
      title: copyLabels.ref('becomeTitle'),
      requiresLogin: true,
    },
    {
      path: COPY_PATHS.configuration,
      page: () => import('./pages/ConfigurationPage'),
      title: copyLabels.ref('configurationTitle'),
      requiresLogin: true,
    },
    {
      path: COPY_PATHS.pairs,
      page: () => import('./pages/SelectPairsPage'),
      title: copyLabels.ref('pairsTitle'),
      requiresLogin: true,
    },
    {
      path: COPY_PATHS.orders,
      page: () => import('./pages/OrderManagementPage'),
      title: copyLabels.ref('ordersTitle'),
      requiresLogin: true,
      refreshable: true,
    },
  ],
  services: [
    { id: 'copy', path: COPY_PATHS.index, label: copyLabels.ref('serviceCopy'), icon: UserAddOutline, group: 'trade' },
  ],
};
