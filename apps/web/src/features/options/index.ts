import { ClockCircleOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { optionsLabels } from './labels';
import { optionsLocales } from './locales';
import { OPTION_PATHS } from './paths';

/** Up/down options ("second contracts"): the one page of spec §2, pull-to-refresh, no bounce. */
export const optionsFeature: Feature = {
  name: 'options',
  product: 'options',
  labels: optionsLabels,
  locales: [optionsLocales],
  routes: [
    {
      path: OPTION_PATHS.option,
      page: () => import('./pages/OptionPage'),
      title: optionsLabels.ref('optionTitle'),
      refreshable: true,
    },
  ],
  services: [
    {
      id: 'options',
      path: OPTION_PATHS.option,
      label: optionsLabels.ref('serviceOptions'),
      icon: ClockCircleOutline,
      group: 'trade',
      home: 7,
    },
  ],
};
