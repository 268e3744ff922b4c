import { EnvironmentOutline, GlobalOutline, InformationCircleOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { settingsLabels } from './labels';
import { settingsLocales } from './locales';

/** Language, service line and the about page (version and update check). */
export const settingsFeature: Feature = {
  name: 'settings',
  labels: settingsLabels,
  locales: [settingsLocales],
  routes: [
    { path: '/pages/mine/lang', page: () => import('./pages/LangPage'), title: settingsLabels.ref('langTitle') },
    { path: '/pages/mine/line', page: () => import('./pages/LinePage'), title: settingsLabels.ref('lineTitle') },
    { path: '/pages/mine/about', page: () => import('./pages/AboutPage'), title: settingsLabels.ref('aboutTitle') },
  ],
  services: [
    {
      id: 'language',
      path: '/pages/mine/lang',
      label: settingsLabels.ref('langTitle'),
      icon: GlobalOutline,
      group: 'settings',
      home: 40,
    },
    {
      id: 'line',
      path: '/pages/mine/line',
      label: settingsLabels.ref('lineTitle'),
      icon: EnvironmentOutline,
      group: 'settings',
      home: 50,
    },
    {
      id: 'about',
      path: '/pages/mine/about',
      label: settingsLabels.ref('aboutTitle'),
      icon: InformationCircleOutline,
      group: 'settings',
      home: 55,
      me: 900,
    },
  ],
};
