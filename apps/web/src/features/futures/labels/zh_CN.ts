import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `futuresLabels`). */
export default {
  leverTitle: '合约',
  orderTitle: '合约订单',
  detailTitle: '合约详情',
  serviceFutures: '合约',
  serviceOrders: '合约订单',
  marketsTab: '合约',
} satisfies Translation<typeof en>;
