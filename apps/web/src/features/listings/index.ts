import { UploadOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { listingsLabels } from './labels';
import { listingsLocales } from './locales';
import { LISTINGS_PATHS } from './paths';

/** The coin-listing application form and my applications (`/pages/usreMei/report`); reviewed in the console. */
export const listingsFeature: Feature = {
  name: 'listings',
  labels: listingsLabels,
  locales: [listingsLocales],
  routes: [
    {
      path: LISTINGS_PATHS.report,
      page: () => import('./pages/ReportPage'),
      title: listingsLabels.ref('reportTitle'),
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'listing',
      path: LISTINGS_PATHS.report,
      label: listingsLabels.ref('serviceListing'),
      icon: UploadOutline,
      group: 'support',
      me: 420,
    },
  ],
};
