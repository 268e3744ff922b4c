import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `authLabels`). */
export default {
  loginTitle: '登入',
  registerTitle: '註冊',
  recordRegisterTitle: '註冊',
  forgetTitle: '重設密碼',
  login: '登入',
  register: '註冊',
} satisfies Translation<typeof en>;
