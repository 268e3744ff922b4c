import { UserAddOutline, UserOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { authLabels } from './labels';
import { authLocales } from './locales';

/** Login (with two-factor), the two registration forms and the forgotten password. */
export const authFeature: Feature = {
  name: 'auth',
  labels: authLabels,
  locales: [authLocales],
  routes: [
    { path: '/pages/login/login', page: () => import('./pages/LoginPage'), title: authLabels.ref('loginTitle') },
    {
      path: '/pages/login/register',
      page: () => import('./pages/RegisterPage'),
      title: authLabels.ref('registerTitle'),
    },
    {
      path: '/pages/login/record-register',
      page: () => import('./pages/RecordRegisterPage'),
      title: authLabels.ref('recordRegisterTitle'),
    },
    {
      path: '/pages/forgetPwd/forgetPwd',
      page: () => import('./pages/ForgetPasswordPage'),
      title: authLabels.ref('forgetTitle'),
    },
  ],
  services: [
    {
      id: 'register',
      path: '/pages/login/register',
      label: authLabels.ref('register'),
      icon: UserAddOutline,
      group: 'account',
      home: 60,
      guestOnly: true,
    },
    {
      id: 'login',
      path: '/pages/login/login',
      label: authLabels.ref('login'),
      icon: UserOutline,
      group: 'account',
      home: 70,
      guestOnly: true,
    },
  ],
};
