import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `copyLabels`). */
export default {
  indexTitle: 'Copy trading',
  detailTitle: 'Trader',
  mineTitle: 'Mis copias',
  recordsTitle: 'Registros de copia',
  becomeTitle: 'Hazte trader',
  configurationTitle: 'Ajustes de trader',
  pairsTitle: 'Pares copiados',
  ordersTitle: 'Gestión de órdenes',
  serviceCopy: 'Copy trading',
} satisfies Translation<typeof en>;
