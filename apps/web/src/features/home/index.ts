import type { Feature } from '../../lib/feature';
import { homeLocales } from './locales';

/** The home tab and the all-services page. */
export const homeFeature: Feature = {
  name: 'home',
  locales: [homeLocales],
  routes: [
    {
      path: '/pages/index/home',
      aliases: ['/'],
      page: () => import('./pages/HomePage'),
      title: homeLocales.ref('homeTitle'),
      tab: 'home',
    },
    { path: '/pages/index/index', page: () => import('./pages/ServicesPage'), title: homeLocales.ref('servicesTitle') },
  ],
};
