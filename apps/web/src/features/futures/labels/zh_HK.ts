import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `futuresLabels`). */
export default {
  leverTitle: '合約',
  orderTitle: '合約訂單',
  detailTitle: '合約詳情',
  serviceFutures: '合約',
  serviceOrders: '合約訂單',
  marketsTab: '合約',
} satisfies Translation<typeof en>;
