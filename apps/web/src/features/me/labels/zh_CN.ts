import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `meLabels`). */
export default {
  meTitle: '我的',
} satisfies Translation<typeof en>;
