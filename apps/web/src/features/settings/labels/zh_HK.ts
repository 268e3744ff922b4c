import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `settingsLabels`). */
export default {
  langTitle: '語言',
  lineTitle: '線路選擇',
  aboutTitle: '關於我們',
} satisfies Translation<typeof en>;
