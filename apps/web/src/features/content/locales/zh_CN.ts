import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `content`). */
export default {
  tabAll: '全部',
  tabNotice: '通知',
  tabAnnouncement: '公告',
  pinned: '置顶',
  documents: '文档',
  helpArticles: '常见问题',
  terms: '服务条款',
  privacy: '隐私政策',
  whitepaper: '白皮书',
  updatedAt: '更新于 {{date}}',
  categoryNotice: '通知',
  categoryAnnouncement: '公告',
  categoryHelp: '帮助',
  categoryDocument: '文档',
  categorySwap: '合约',
  noHelp: '暂无帮助文章',
  noNotices: '暂无公告',
} satisfies Translation<typeof en>;
