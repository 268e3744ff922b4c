import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  title: '登入營運後台',
  subtitle: '供 Bourse 的營運人員使用。每一項操作都會以你的名義記錄。',
  email: '電郵',
  emailPlaceholder: 'operator@example.com',
  emailInvalid: '請輸入你的營運帳號電郵。',
  password: '密碼',
  passwordRequired: '請輸入密碼。',
  signIn: '登入',
  expired: '工作階段已結束，請重新登入以繼續之前的工作。',
  signedOut: '你已登出。',
  codeTitle: '雙重驗證',
  codeText: '請輸入身份驗證器應用程式中 Bourse Console 顯示的六位驗證碼。',
  code: '驗證器驗證碼',
  codeInvalid: '請輸入六位數字驗證碼。',
  verify: '驗證',
  back: '返回',
  setupTitle: '設定雙重驗證',
  setupText:
    '每位營運人員都須使用身份驗證器應用程式中的驗證碼登入。請掃描二維碼（或手動輸入密鑰），然後輸入應用程式顯示的驗證碼。',
  setupKey: '密鑰',
  setupLoadFailed: '無法產生密鑰。',
  turnOn: '開啟並繼續',
} satisfies Translation<typeof en>;
