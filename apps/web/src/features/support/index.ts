import { HeadsetOutline } from './components/HeadsetIcon';
import type { Feature } from '../../lib/feature';
import { supportLabels } from './labels';
import { supportLocales } from './locales';

export const SUPPORT_PATH = '/pages/index/serve';

/** The customer-service chat with the operators, and the unread badge on its shortcut (Me, all services). */
export const supportFeature: Feature = {
  name: 'support',
  labels: supportLabels,
  locales: [supportLocales],
  routes: [
    {
      path: SUPPORT_PATH,
      page: () => import('./pages/ServePage'),
      title: supportLabels.ref('serveTitle'),
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'support',
      path: SUPPORT_PATH,
      label: supportLabels.ref('serviceSupport'),
      icon: HeadsetOutline,
      group: 'support',
      me: 700,
      badge: () => import('./components/UnreadBadge'),
    },
  ],
};
