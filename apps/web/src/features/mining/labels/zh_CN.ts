import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `miningLabels`). */
export default {
  machinesTitle: '矿机',
  minersTitle: '我的矿机',
  service: '矿机挖矿',
} satisfies Translation<typeof en>;
