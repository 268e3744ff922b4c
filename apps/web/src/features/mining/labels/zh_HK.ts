import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `miningLabels`). */
export default {
  machinesTitle: '礦機',
  minersTitle: '我的礦機',
  service: '礦機挖礦',
} satisfies Translation<typeof en>;
