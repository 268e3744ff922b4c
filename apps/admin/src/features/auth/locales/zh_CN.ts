import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  title: '登录运营后台',
  subtitle: '供 Bourse 的运营人员使用。每一项操作都会以你的名义记录。',
  email: '邮箱',
  emailPlaceholder: 'operator@example.com',
  emailInvalid: '请输入你的运营账号邮箱。',
  password: '密码',
  passwordRequired: '请输入密码。',
  signIn: '登录',
  expired: '会话已结束，请重新登录以继续之前的工作。',
  signedOut: '你已退出登录。',
  codeTitle: '双重验证',
  codeText: '请输入身份验证器应用中 Bourse Console 显示的六位验证码。',
  code: '验证器验证码',
  codeInvalid: '请输入六位数字验证码。',
  verify: '验证',
  back: '返回',
  setupTitle: '设置双重验证',
  setupText:
    '每位运营人员都需使用身份验证器应用中的验证码登录。请扫描二维码（或手动输入密钥），然后输入应用显示的验证码。',
  setupKey: '密钥',
  setupLoadFailed: '无法生成密钥。',
  turnOn: '开启并继续',
} satisfies Translation<typeof en>;
