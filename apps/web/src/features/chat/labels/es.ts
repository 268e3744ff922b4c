import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `chatLabels`). */
export default {
  chatTitle: 'Comunidad',
  serviceChat: 'Chat de la comunidad',
} satisfies Translation<typeof en>;
