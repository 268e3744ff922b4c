import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `supportLabels`). */
export default {
  serveTitle: 'Atención al cliente',
  serviceSupport: 'Atención al cliente',
  unreadCount: '{{n}} sin leer',
} satisfies Translation<typeof en>;
