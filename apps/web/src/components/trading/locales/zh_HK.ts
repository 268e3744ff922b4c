import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `trading`). */
export default {
  chartTime: '時間：',
  chartOpen: '開：',
  chartHigh: '高：',
  chartLow: '低：',
  chartClose: '收：',
  chartVolume: '量：',
  chartChange: '漲跌：',
  chartTurnover: '額：',
  bid: '買盤',
  ask: '賣盤',
  precision: '價格精度',
  priceIn: '價格({{asset}})',
  amountIn: '數量({{asset}})',
  depth: '深度圖',
} satisfies Translation<typeof en>;
