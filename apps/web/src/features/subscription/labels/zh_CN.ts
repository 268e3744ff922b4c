import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  purchaseTitle: '新币申购',
  servicePurchase: '新币申购',
} satisfies Translation<typeof en>;
