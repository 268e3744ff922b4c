import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `c2cLabels`). */
export default {
  offersTitle: 'Comercio C2C',
  orderTitle: 'Pedido C2C',
  ordersTitle: 'Mis pedidos C2C',
  merchantTitle: 'Ser comerciante',
  paymentsTitle: 'Métodos de pago',
  quickTitle: 'Compra / venta rápida',
  serviceC2C: 'C2C',
  serviceQuick: 'Compra rápida',
  serviceOrders: 'Pedidos C2C',
  adsTitle: 'Mis anuncios',
  appealTitle: 'Reclamación',
} satisfies Translation<typeof en>;
