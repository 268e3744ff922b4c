import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `homeLabels`). */
export default {
  homeTitle: '首頁',
  servicesTitle: '全部服務',
} satisfies Translation<typeof en>;
