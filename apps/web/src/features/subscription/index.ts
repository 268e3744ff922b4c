import { GiftOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { subscriptionLabels } from './labels';
import { subscriptionLocales } from './locales';
import { SUBSCRIPTION_PATHS } from './paths';

/** New-coin subscription (product `subscription`): projects, commit in the window, allocation and refund. */
export const subscriptionFeature: Feature = {
  name: 'subscription',
  product: 'subscription',
  labels: subscriptionLabels,
  locales: [subscriptionLocales],
  routes: [
    {
      path: SUBSCRIPTION_PATHS.purchase,
      page: () => import('./pages/PurchasePage'),
      title: subscriptionLabels.ref('purchaseTitle'),
      refreshable: true,
    },
  ],
  services: [
    {
      id: 'purchase',
      path: SUBSCRIPTION_PATHS.purchase,
      label: subscriptionLabels.ref('servicePurchase'),
      icon: GiftOutline,
      group: 'assets',
    },
  ],
};
