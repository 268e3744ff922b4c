import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `spotLabels`). */
export default {
  marketsTitle: '行情',
  klineTitle: 'K线',
  tradeTitle: '现货交易',
  entrustTitle: '现货委托',
  entrustDetailTitle: '订单详情',
  searchTitle: '搜索',
  serviceMarkets: '行情',
  serviceTrade: '现货',
  serviceOrders: '现货委托',
} satisfies Translation<typeof en>;
