import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `contentLabels`). */
export default {
  noticeTitle: '詳情',
  allNoticeTitle: '公告中心',
  helpTitle: '幫助中心',
  agreementTitle: '協議',
  serviceNotices: '公告',
  whitepaper: '白皮書',
} satisfies Translation<typeof en>;
