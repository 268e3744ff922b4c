import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `content`). */
export default {
  tabAll: '全部',
  tabNotice: '通知',
  tabAnnouncement: '公告',
  pinned: '置頂',
  documents: '文件',
  helpArticles: '常見問題',
  terms: '服務條款',
  privacy: '私隱政策',
  whitepaper: '白皮書',
  updatedAt: '更新於 {{date}}',
  categoryNotice: '通知',
  categoryAnnouncement: '公告',
  categoryHelp: '幫助',
  categoryDocument: '文件',
  categorySwap: '合約',
  noHelp: '暫無幫助文章',
  noNotices: '暫無公告',
} satisfies Translation<typeof en>;
