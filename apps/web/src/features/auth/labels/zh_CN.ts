import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `authLabels`). */
export default {
  loginTitle: '登录',
  registerTitle: '注册',
  recordRegisterTitle: '注册',
  forgetTitle: '重置密码',
  login: '登录',
  register: '注册',
} satisfies Translation<typeof en>;
