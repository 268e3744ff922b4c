import type { Feature } from '../../lib/feature';
import { meLabels } from './labels';
import { meLocales } from './locales';

/** The Me tab. Later features (assets, security, invitations…) add their rows through their own routes. */
export const meFeature: Feature = {
  name: 'me',
  labels: meLabels,
  locales: [meLocales],
  routes: [
    {
      path: '/pages/usreMei/usreMei',
      page: () => import('./pages/MePage'),
      title: meLabels.ref('meTitle'),
      tab: 'me',
    },
  ],
};
