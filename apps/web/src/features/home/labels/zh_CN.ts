import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `homeLabels`). */
export default {
  homeTitle: '首页',
  servicesTitle: '全部服务',
} satisfies Translation<typeof en>;
