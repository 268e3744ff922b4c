import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `futuresLabels`). */
export default {
  leverTitle: 'Contrats à terme',
  orderTitle: 'Ordres à terme',
  detailTitle: 'Détails du contrat',
  serviceFutures: 'Futures',
  serviceOrders: 'Ordres futures',
  marketsTab: 'Futures',
} satisfies Translation<typeof en>;
