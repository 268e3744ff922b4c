import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `me`). */
export default {
  loginOrRegister: '登入 / 註冊',
  guestText: '登入後即可交易並管理您的資產。',
  login: '登入',
  register: '註冊',
  defaultNickname: 'Bourse 用戶',
  uid: 'UID',
  copyUid: '複製 UID',
  inviteCode: '邀請碼',
  preferences: '偏好設定',
  support: '幫助與關於',
  language: '語言',
  theme: '主題',
  themeDark: '深色',
  themeLight: '淺色',
  upDown: '漲跌顏色',
  greenUp: '綠漲紅跌',
  redUp: '紅漲綠跌',
  line: '線路選擇',
  logout: '登出',
  logoutConfirm: '確定要登出嗎？',
  loggedOut: '已登出',
} satisfies Translation<typeof en>;
