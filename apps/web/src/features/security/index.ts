import { CheckShieldOutline, GiftOutline, SetOutline, UserContactOutline, UserSetOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { securityLabels } from './labels';
import { securityLocales } from './locales';
import { SECURITY_PATHS } from './paths';

/**
 * Everything a user does to secure and verify the account: the security centre, login and fund passwords,
 * two-factor, identity verification, bound addresses and login devices, nickname and avatar, newcomer tasks.
 */
export const securityFeature: Feature = {
  name: 'security',
  labels: securityLabels,
  locales: [securityLocales],
  routes: [
    {
      path: SECURITY_PATHS.safety,
      page: () => import('./pages/SafetySettingPage'),
      title: securityLabels.ref('safetyTitle'),
      requiresLogin: true,
    },
    {
      path: '/pages/usreMei/update_pwd',
      page: () => import('./pages/UpdatePasswordPage'),
      title: securityLabels.ref('updatePwdTitle'),
      requiresLogin: true,
    },
    {
      path: SECURITY_PATHS.google,
      page: () => import('./pages/GooglePage'),
      title: securityLabels.ref('googleTitle'),
      requiresLogin: true,
    },
    {
      path: SECURITY_PATHS.googleVerify,
      page: () => import('./pages/GoogleVerifyPage'),
      title: securityLabels.ref('googleVerifyTitle'),
      requiresLogin: true,
    },
    {
      path: SECURITY_PATHS.googleClose,
      page: () => import('./pages/GoogleClosePage'),
      title: securityLabels.ref('googleCloseTitle'),
      requiresLogin: true,
    },
    {
      path: SECURITY_PATHS.identity,
      page: () => import('./pages/IdentityPage'),
      title: securityLabels.ref('identityTitle'),
      requiresLogin: true,
    },
    {
      path: SECURITY_PATHS.manage,
      page: () => import('./pages/ManagementPage'),
      title: securityLabels.ref('manageTitle'),
      requiresLogin: true,
    },
    {
      path: SECURITY_PATHS.profile,
      page: () => import('./pages/ProfilePage'),
      title: securityLabels.ref('infoTitle'),
      requiresLogin: true,
    },
    {
      path: SECURITY_PATHS.newcomer,
      page: () => import('./pages/NewcomerPage'),
      title: securityLabels.ref('newcomerTitle'),
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'newcomer',
      path: SECURITY_PATHS.newcomer,
      label: securityLabels.ref('newcomerTitle'),
      icon: GiftOutline,
      group: 'rewards',
      me: 90,
    },
    {
      id: 'security',
      path: SECURITY_PATHS.safety,
      label: securityLabels.ref('safetyTitle'),
      icon: CheckShieldOutline,
      group: 'account',
      me: 100,
    },
    {
      id: 'identity',
      path: SECURITY_PATHS.identity,
      label: securityLabels.ref('identityTitle'),
      icon: UserContactOutline,
      group: 'account',
      me: 110,
    },
    {
      id: 'account-management',
      path: SECURITY_PATHS.manage,
      label: securityLabels.ref('manageTitle'),
      icon: SetOutline,
      group: 'account',
      me: 120,
    },
    {
      id: 'profile',
      path: SECURITY_PATHS.profile,
      label: securityLabels.ref('infoTitle'),
      icon: UserSetOutline,
      group: 'account',
      me: 130,
    },
  ],
};
