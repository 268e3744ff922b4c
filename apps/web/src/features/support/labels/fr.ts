import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `supportLabels`). */
export default {
  serveTitle: 'Service client',
  serviceSupport: 'Service client',
  unreadCount: 'Non lus : {{n}}',
} satisfies Translation<typeof en>;
