import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `miningLabels`). */
export default {
  machinesTitle: 'Machines de minage',
  minersTitle: 'Mes machines',
  service: 'Minage',
} satisfies Translation<typeof en>;
