import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `loansLabels`). */
export default {
  borrowTitle: '质押借贷',
  loansTitle: '我的借款',
  service: '借贷',
} satisfies Translation<typeof en>;
