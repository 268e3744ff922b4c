import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `trading`). */
export default {
  chartTime: '时间：',
  chartOpen: '开：',
  chartHigh: '高：',
  chartLow: '低：',
  chartClose: '收：',
  chartVolume: '量：',
  chartChange: '涨跌：',
  chartTurnover: '额：',
  bid: '买盘',
  ask: '卖盘',
  precision: '价格精度',
  priceIn: '价格({{asset}})',
  amountIn: '数量({{asset}})',
  depth: '深度图',
} satisfies Translation<typeof en>;
