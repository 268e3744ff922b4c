import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `c2cLabels`). */
export default {
  offersTitle: 'C2C交易',
  orderTitle: 'C2C訂單',
  ordersTitle: '我的C2C訂單',
  merchantTitle: '成為商家',
  paymentsTitle: '收款方式',
  quickTitle: '快捷買賣',
  serviceC2C: 'C2C',
  serviceQuick: '快捷買幣',
  serviceOrders: 'C2C訂單',
  adsTitle: '我的廣告',
  appealTitle: '訂單申訴',
} satisfies Translation<typeof en>;
