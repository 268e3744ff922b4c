import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `meLabels`). */
export default {
  meTitle: 'Yo',
} satisfies Translation<typeof en>;
