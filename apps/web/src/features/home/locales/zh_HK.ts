import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `home`). */
export default {
  welcomeTitle: '歡迎來到 Bourse',
  welcomeText: '安全、便捷地買賣和交易數字資產。',
  welcomeBack: '歡迎回來',
  register: '註冊',
  login: '登入',
  more: '更多',
  noticeMore: '全部公告',
  noNotices: '暫無公告',
  shortcuts: '快捷入口',
  groupTrade: '交易',
  groupAssets: '資產',
  groupRewards: '獎勵',
  groupAccount: '帳戶',
  groupSupport: '幫助與資訊',
  groupSettings: '設定',
  uid: 'UID {{uid}}',
  language: '語言',
  search: '搜尋',
  welcomeNew: '帳戶已開通，完成首筆充值即可開始交易。',
  deposit: '充值',
} satisfies Translation<typeof en>;
