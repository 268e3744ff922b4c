import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `home`). */
export default {
  welcomeTitle: '欢迎来到 Bourse',
  welcomeText: '安全、便捷地买卖和交易数字资产。',
  welcomeBack: '欢迎回来',
  register: '注册',
  login: '登录',
  more: '更多',
  noticeMore: '全部公告',
  noNotices: '暂无公告',
  shortcuts: '快捷入口',
  groupTrade: '交易',
  groupAssets: '资产',
  groupRewards: '奖励',
  groupAccount: '账户',
  groupSupport: '帮助与资讯',
  groupSettings: '设置',
  uid: 'UID {{uid}}',
  language: '语言',
  search: '搜索',
  welcomeNew: '账户已开通，完成首笔充值即可开始交易。',
  deposit: '充值',
} satisfies Translation<typeof en>;
