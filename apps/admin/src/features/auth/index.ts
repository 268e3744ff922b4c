import { KeyOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { authLocales } from './locales';

/** Signing in (with the two-factor steps) and out. The sign-in page is the shell's, not a registry page. */
export const authFeature: ConsoleFeature = {
  name: 'auth',
  locales: authLocales,
  pages: [
    {
      path: '/me/password',
      permission: 'session',
      title: authLocales.ref('passwordTitle'),
      page: () => import('./pages/PasswordPage'),
      menu: { section: 'system', order: 90, icon: KeyOutlined },
    },
  ],
};

/** The sign-in page, loaded only when nobody is signed in. */
export const loadSignInPage = () => import('./pages/SignInPage');
