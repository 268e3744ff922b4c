import { UserAddOutline, UserOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { authLocales } from './locales';

/** Login (with two-factor), the two registration forms and the forgotten password. */
export const authFeature: Feature = {
  name: 'auth',
  locales: [authLocales],
  routes: [
    { path: '/pages/login/login', page: () => import('./pages/LoginPage'), title: authLocales.ref('loginTitle') },
    {
      path: '/pages/login/register',
      page: () => import('./pages/RegisterPage'),
      title: authLocales.ref('registerTitle'),
    },
    {
      path: '/pages/login/record-register',
      page: () => import('./pages/RecordRegisterPage'),
      title: authLocales.ref('recordRegisterTitle'),
    },
    {
      path: '/pages/forgetPwd/forgetPwd',
      page: () => import('./pages/ForgetPasswordPage'),
      title: authLocales.ref('forgetTitle'),
    },
  ],
  services: [
    {
      id: 'register',
      path: '/pages/login/register',
      label: authLocales.ref('submitRegister'),
      icon: UserAddOutline,
      group: 'account',
      home: 60,
      guestOnly: true,
    },
    {
      id: 'login',
      path: '/pages/login/login',
      label: authLocales.ref('submitLogin'),
      icon: UserOutline,
      group: 'account',
      home: 70,
      guestOnly: true,
    },
  ],
};
