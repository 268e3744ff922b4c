import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `securityLabels`). */
export default {
  safetyTitle: '安全中心',
  updatePwdTitle: '登入密碼',
  googleTitle: '谷歌驗證',
  googleVerifyTitle: '開啟谷歌驗證',
  googleCloseTitle: '關閉谷歌驗證',
  identityTitle: '實名認證',
  manageTitle: '帳戶管理',
  infoTitle: '編輯資料',
  newcomerTitle: '新手中心',
} satisfies Translation<typeof en>;
