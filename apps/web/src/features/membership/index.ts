import { StarOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { membershipLabels } from './labels';
import { membershipLocales } from './locales';
import { MEMBERSHIP_PATHS } from './paths';

/** Membership levels, their purchase and the benefits received (product `membership`). */
export const membershipFeature: Feature = {
  name: 'membership',
  product: 'membership',
  labels: membershipLabels,
  locales: [membershipLocales],
  routes: [
    {
      path: MEMBERSHIP_PATHS.member,
      page: () => import('./pages/MemberPage'),
      title: membershipLabels.ref('memberTitle'),
      requiresLogin: true,
      refreshable: true,
    },
    {
      path: MEMBERSHIP_PATHS.benefits,
      page: () => import('./pages/BenefitsPage'),
      title: membershipLabels.ref('benefitsTitle'),
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'membership',
      path: MEMBERSHIP_PATHS.member,
      label: membershipLabels.ref('serviceMember'),
      icon: StarOutline,
      group: 'rewards',
      me: 140,
    },
  ],
};
