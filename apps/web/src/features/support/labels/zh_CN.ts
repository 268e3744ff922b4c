import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `supportLabels`). */
export default {
  serveTitle: '在线客服',
  serviceSupport: '在线客服',
  unreadCount: '{{n}} 条未读',
} satisfies Translation<typeof en>;
