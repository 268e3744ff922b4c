import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `settingsLabels`). */
export default {
  langTitle: '语言',
  lineTitle: '线路选择',
  aboutTitle: '关于我们',
} satisfies Translation<typeof en>;
