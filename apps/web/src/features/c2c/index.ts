import { FileOutline, PayCircleOutline, UserAddOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { c2cLabels } from './labels';
import { c2cLocales } from './locales';
import { C2C_PATHS } from './paths';

/** C2C fiat trading: offers, orders with escrow and chat, quick buy, payment methods, the merchant application. */
export const c2cFeature: Feature = {
  name: 'c2c',
  product: 'c2c',
  labels: c2cLabels,
  locales: [c2cLocales],
  routes: [
    {
      path: C2C_PATHS.offers,
      page: () => import('./pages/OffersPage'),
      title: c2cLabels.ref('offersTitle'),
      refreshable: true,
    },
    {
      path: C2C_PATHS.order,
      page: () => import('./pages/OrderPage'),
      title: c2cLabels.ref('orderTitle'),
      requiresLogin: true,
    },
    {
      path: C2C_PATHS.appeal,
      page: () => import('./pages/AppealPage'),
      title: c2cLabels.ref('appealTitle'),
      requiresLogin: true,
    },
    {
      path: C2C_PATHS.orders,
      page: () => import('./pages/OrdersPage'),
      title: c2cLabels.ref('ordersTitle'),
      requiresLogin: true,
      refreshable: true,
    },
    {
      path: C2C_PATHS.merchant,
      page: () => import('./pages/MerchantPage'),
      title: c2cLabels.ref('merchantTitle'),
      requiresLogin: true,
    },
    {
      path: C2C_PATHS.ads,
      page: () => import('./pages/AdsPage'),
      title: c2cLabels.ref('adsTitle'),
      requiresLogin: true,
    },
    {
      path: C2C_PATHS.payments,
      page: () => import('./pages/PaymentsPage'),
      title: c2cLabels.ref('paymentsTitle'),
      requiresLogin: true,
    },
    { path: C2C_PATHS.quick, page: () => import('./pages/QuickPage'), title: c2cLabels.ref('quickTitle') },
  ],
  services: [
    {
      id: 'c2c',
      path: C2C_PATHS.offers,
      label: c2cLabels.ref('serviceC2C'),
      icon: PayCircleOutline,
      group: 'trade',
      home: 30,
    },
    {
      id: 'quicpass',
      path: C2C_PATHS.quick,
      label: c2cLabels.ref('serviceQuick'),
      icon: UserAddOutline,
      group: 'assets',
    },
    {
      id: 'c2cOrders',
      path: C2C_PATHS.orders,
      label: c2cLabels.ref('serviceOrders'),
      icon: FileOutline,
      group: 'trade',
      me: 45,
    },
  ],
};
