import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `trading`). */
export default {
  chartTime: 'Heure : ',
  chartOpen: 'Ouv. : ',
  chartHigh: 'Haut : ',
  chartLow: 'Bas : ',
  chartClose: 'Clôt. : ',
  chartVolume: 'Vol. : ',
  chartChange: 'Var. : ',
  chartTurnover: 'Montant : ',
  bid: 'Achat',
  ask: 'Vente',
  precision: 'Précision du prix',
  priceIn: 'Prix ({{asset}})',
  amountIn: 'Quantité ({{asset}})',
  depth: 'Profondeur',
} satisfies Translation<typeof en>;
