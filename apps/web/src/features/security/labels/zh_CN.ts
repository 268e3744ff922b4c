import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `securityLabels`). */
export default {
  safetyTitle: '安全中心',
  updatePwdTitle: '登录密码',
  googleTitle: '谷歌验证',
  googleVerifyTitle: '开启谷歌验证',
  googleCloseTitle: '关闭谷歌验证',
  identityTitle: '实名认证',
  manageTitle: '账户管理',
  infoTitle: '编辑资料',
  newcomerTitle: '新手中心',
} satisfies Translation<typeof en>;
