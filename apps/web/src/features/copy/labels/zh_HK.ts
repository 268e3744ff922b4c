import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `copyLabels`). */
export default {
  indexTitle: '跟單',
  detailTitle: '帶單員',
  mineTitle: '我的跟單',
  recordsTitle: '跟單記錄',
  becomeTitle: '成為帶單員',
  configurationTitle: '帶單設定',
  pairsTitle: '帶單幣對',
  ordersTitle: '帶單管理',
  serviceCopy: '跟單',
} satisfies Translation<typeof en>;
