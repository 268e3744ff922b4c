import type { Feature } from '../../lib/feature';
import { homeLabels } from './labels';
import { homeLocales } from './locales';

/** The home tab and the all-services page. */
export const homeFeature: Feature = {
  name: 'home',
  labels: homeLabels,
  locales: [homeLocales],
  routes: [
    {
      path: '/pages/index/home',
      aliases: ['/'],
      page: () => import('./pages/HomePage'),
      title: homeLabels.ref('homeTitle'),
      tab: 'home',
    },
    { path: '/pages/index/index', page: () => import('./pages/ServicesPage'), title: homeLabels.ref('servicesTitle') },
  ],
};
