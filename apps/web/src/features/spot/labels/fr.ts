import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `spotLabels`). */
export default {
  marketsTitle: 'Marchés',
  klineTitle: 'Graphique',
  tradeTitle: 'Trading spot',
  entrustTitle: 'Ordres spot',
  entrustDetailTitle: "Détail de l'ordre",
  searchTitle: 'Rechercher',
  serviceMarkets: 'Marchés',
  serviceTrade: 'Spot',
  serviceOrders: 'Ordres spot',
} satisfies Translation<typeof en>;
