import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `supportLabels`). */
export default {
  serveTitle: '在線客服',
  serviceSupport: '在線客服',
  unreadCount: '{{n}} 則未讀',
} satisfies Translation<typeof en>;
