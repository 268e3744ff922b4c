import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `c2cLabels`). */
export default {
  offersTitle: 'C2C交易',
  orderTitle: 'C2C订单',
  ordersTitle: '我的C2C订单',
  merchantTitle: '成为商家',
  paymentsTitle: '收款方式',
  quickTitle: '快捷买卖',
  serviceC2C: 'C2C',
  serviceQuick: '快捷买币',
  serviceOrders: 'C2C订单',
  adsTitle: '我的广告',
  appealTitle: '订单申诉',
} satisfies Translation<typeof en>;
