import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `chatLabels`). */
export default {
  chatTitle: '社區',
  serviceChat: '社區聊天',
} satisfies Translation<typeof en>;
