import { CalendarOutline, GiftOutline, HistogramOutline, LinkOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { rewardsLabels } from './labels';
import { rewardsLocales } from './locales';
import { REWARDS_PATHS } from './paths';

/** Check-in, mystery box, invitations (share poster) and partner data: product `rewards`, paid into gold. */
export const rewardsFeature: Feature = {
  name: 'rewards',
  product: 'rewards',
  labels: rewardsLabels,
  locales: [rewardsLocales],
  routes: [
    {
      path: REWARDS_PATHS.signin,
      page: () => import('./pages/SigninPage'),
      title: rewardsLabels.ref('signinTitle'),
      requiresLogin: true,
    },
    { path: REWARDS_PATHS.box, page: () => import('./pages/MysteryBoxPage'), title: rewardsLabels.ref('boxTitle') },
    {
      path: REWARDS_PATHS.share,
      page: () => import('./pages/SharePage'),
      title: rewardsLabels.ref('shareTitle'),
      requiresLogin: true,
    },
    {
      path: REWARDS_PATHS.partner,
      page: () => import('./pages/PartnerPage'),
      title: rewardsLabels.ref('partnerTitle'),
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'checkin',
      path: REWARDS_PATHS.signin,
      label: rewardsLabels.ref('serviceCheckin'),
      icon: CalendarOutline,
      group: 'rewards',
      home: 6,
    },
    {
      id: 'mysterybox',
      path: REWARDS_PATHS.box,
      label: rewardsLabels.ref('serviceBox'),
      icon: GiftOutline,
      group: 'rewards',
      home: 7,
    },
    {
      id: 'invite',
      path: REWARDS_PATHS.share,
      label: rewardsLabels.ref('serviceInvite'),
      icon: LinkOutline,
      group: 'rewards',
      home: 8,
      me: 150,
    },
    {
      id: 'partner',
      path: REWARDS_PATHS.partner,
      label: rewardsLabels.ref('servicePartner'),
      icon: HistogramOutline,
      group: 'rewards',
      me: 160,
    },
  ],
};
