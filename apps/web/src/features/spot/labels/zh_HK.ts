import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `spotLabels`). */
export default {
  marketsTitle: '行情',
  klineTitle: 'K線',
  tradeTitle: '現貨交易',
  entrustTitle: '現貨委託',
  entrustDetailTitle: '訂單詳情',
  searchTitle: '搜尋',
  serviceMarkets: '行情',
  serviceTrade: '現貨',
  serviceOrders: '現貨委託',
} satisfies Translation<typeof en>;
