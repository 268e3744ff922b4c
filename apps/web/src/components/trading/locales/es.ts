import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `trading`). */
export default {
  chartTime: 'Hora: ',
  chartOpen: 'Apert.: ',
  chartHigh: 'Máx.: ',
  chartLow: 'Mín.: ',
  chartClose: 'Cierre: ',
  chartVolume: 'Vol.: ',
  chartChange: 'Var.: ',
  chartTurnover: 'Importe: ',
  bid: 'Compra',
  ask: 'Venta',
  precision: 'Precisión del precio',
  priceIn: 'Precio ({{asset}})',
  amountIn: 'Cantidad ({{asset}})',
  depth: 'Profundidad',
} satisfies Translation<typeof en>;
