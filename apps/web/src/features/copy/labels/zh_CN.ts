import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `copyLabels`). */
export default {
  indexTitle: '跟单',
  detailTitle: '带单员',
  mineTitle: '我的跟单',
  recordsTitle: '跟单记录',
  becomeTitle: '成为带单员',
  configurationTitle: '带单设置',
  pairsTitle: '带单币对',
  ordersTitle: '带单管理',
  serviceCopy: '跟单',
} satisfies Translation<typeof en>;
