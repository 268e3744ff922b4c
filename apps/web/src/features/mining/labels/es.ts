import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `miningLabels`). */
export default {
  machinesTitle: 'Máquinas de minería',
  minersTitle: 'Mis máquinas',
  service: 'Minería',
} satisfies Translation<typeof en>;
