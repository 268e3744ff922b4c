import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `me`). */
export default {
  loginOrRegister: '登录 / 注册',
  guestText: '登录后即可交易并管理您的资产。',
  login: '登录',
  register: '注册',
  defaultNickname: 'Bourse 用户',
  uid: 'UID',
  copyUid: '复制 UID',
  inviteCode: '邀请码',
  preferences: '偏好设置',
  support: '帮助与关于',
  language: '语言',
  theme: '主题',
  themeDark: '深色',
  themeLight: '浅色',
  upDown: '涨跌颜色',
  greenUp: '绿涨红跌',
  redUp: '红涨绿跌',
  line: '线路选择',
  logout: '退出登录',
  logoutConfirm: '确定要退出登录吗？',
  loggedOut: '已退出登录',
} satisfies Translation<typeof en>;
