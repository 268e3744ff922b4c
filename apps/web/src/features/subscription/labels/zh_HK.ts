import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  purchaseTitle: '新幣申購',
  servicePurchase: '新幣申購',
} satisfies Translation<typeof en>;
