import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `spotLabels`). */
export default {
  marketsTitle: 'Mercados',
  klineTitle: 'Gráfico',
  tradeTitle: 'Trading spot',
  entrustTitle: 'Órdenes spot',
  entrustDetailTitle: 'Detalle de la orden',
  searchTitle: 'Buscar',
  serviceMarkets: 'Mercados',
  serviceTrade: 'Spot',
  serviceOrders: 'Órdenes spot',
} satisfies Translation<typeof en>;
