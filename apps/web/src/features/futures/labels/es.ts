import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `futuresLabels`). */
export default {
  leverTitle: 'Futuros',
  orderTitle: 'Órdenes de futuros',
  detailTitle: 'Detalle de futuros',
  serviceFutures: 'Futuros',
  serviceOrders: 'Órdenes de futuros',
  marketsTab: 'Futuros',
} satisfies Translation<typeof en>;
