import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `c2cLabels`). */
export default {
  offersTitle: 'Trading C2C',
  orderTitle: 'Commande C2C',
  ordersTitle: 'Mes commandes C2C',
  merchantTitle: 'Devenir marchand',
  paymentsTitle: 'Moyens de paiement',
  quickTitle: 'Achat / vente rapide',
  serviceC2C: 'C2C',
  serviceQuick: 'Achat rapide',
  serviceOrders: 'Commandes C2C',
  adsTitle: 'Mes annonces',
  appealTitle: 'Réclamation',
} satisfies Translation<typeof en>;
