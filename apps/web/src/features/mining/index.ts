import { CompassOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { MINING_PATHS } from './api';
import { miningLabels } from './labels';
import { miningLocales } from './locales';

/** Mining machines: models on sale, the user's machines, income collected to spot (product `mining`). */
export const miningFeature: Feature = {
  name: 'mining',
  product: 'mining',
  labels: miningLabels,
  locales: [miningLocales],
  routes: [
    {
      path: MINING_PATHS.machines,
      page: () => import('./pages/MachinesPage'),
      title: miningLabels.ref('machinesTitle'),
    },
    {
      path: MINING_PATHS.miners,
      page: () => import('./pages/MinersPage'),
      title: miningLabels.ref('minersTitle'),
      refreshable: true,
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'mining',
      path: MINING_PATHS.machines,
      label: miningLabels.ref('service'),
      icon: CompassOutline,
      group: 'assets',
    },
  ],
};
