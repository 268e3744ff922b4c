import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `meLabels`). */
export default {
  meTitle: 'Moi',
} satisfies Translation<typeof en>;
