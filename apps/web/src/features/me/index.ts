import type { Feature } from '../../lib/feature';
import { meLocales } from './locales';

/** The Me tab. Later features (assets, security, invitations…) add their rows through their own routes. */
export const meFeature: Feature = {
  name: 'me',
  locales: [meLocales],
  routes: [
    {
      path: '/pages/usreMei/usreMei',
      page: () => import('./pages/MePage'),
      title: meLocales.ref('meTitle'),
      tab: 'me',
    },
  ],
};
