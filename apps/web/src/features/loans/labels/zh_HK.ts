import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `loansLabels`). */
export default {
  borrowTitle: '質押借貸',
  loansTitle: '我的借款',
  service: '借貸',
} satisfies Translation<typeof en>;
