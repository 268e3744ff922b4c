import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `chatLabels`). */
export default {
  chatTitle: 'Communauté',
  serviceChat: 'Chat de la communauté',
} satisfies Translation<typeof en>;
