import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `chatLabels`). */
export default {
  chatTitle: '社区',
  serviceChat: '社区聊天',
} satisfies Translation<typeof en>;
