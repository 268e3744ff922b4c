import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `copyLabels`). */
export default {
  indexTitle: 'Copy trading',
  detailTitle: 'Trader',
  mineTitle: 'Mes copies',
  recordsTitle: 'Historique des copies',
  becomeTitle: 'Devenir trader',
  configurationTitle: 'Réglages du trader',
  pairsTitle: 'Paires copiées',
  ordersTitle: 'Gestion des ordres',
  serviceCopy: 'Copy trading',
} satisfies Translation<typeof en>;
