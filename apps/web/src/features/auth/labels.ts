import { defineLocales } from '../../lib/i18n';

/** Route titles and shortcut labels: shipped with the first page (the page texts are in locales.ts, loaded lazily). */
export const authLabels = defineLocales(
  'authLabels',
  {
    loginTitle: 'Log in',
    registerTitle: 'Sign up',
    recordRegisterTitle: 'Sign up',
    forgetTitle: 'Reset password',
    login: 'Log in',
    register: 'Sign up',
  },
  {
    zh_CN: {
      loginTitle: '登录',
      registerTitle: '注册',
      recordRegisterTitle: '注册',
      forgetTitle: '重置密码',
      login: '登录',
      register: '注册',
    },
    zh_HK: {
      loginTitle: '登入',
      registerTitle: '註冊',
      recordRegisterTitle: '註冊',
      forgetTitle: '重設密碼',
      login: '登入',
      register: '註冊',
    },
    es: {
      loginTitle: 'Iniciar sesión',
      registerTitle: 'Registrarse',
      recordRegisterTitle: 'Registrarse',
      forgetTitle: 'Restablecer contraseña',
      login: 'Iniciar sesión',
      register: 'Registrarse',
    },
    fr: {
      loginTitle: 'Connexion',
      registerTitle: 'Inscription',
      recordRegisterTitle: 'Inscription',
      forgetTitle: 'Réinitialiser le mot de passe',
      login: 'Se connecter',
      register: "S'inscrire",
    },
  },
);
