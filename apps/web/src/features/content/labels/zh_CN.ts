import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `contentLabels`). */
export default {
  noticeTitle: '详情',
  allNoticeTitle: '公告中心',
  helpTitle: '帮助中心',
  agreementTitle: '协议',
  serviceNotices: '公告',
  whitepaper: '白皮书',
} satisfies Translation<typeof en>;
