import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  purchaseTitle: 'Nouveaux jetons',
  servicePurchase: 'Nouveaux jetons',
} satisfies Translation<typeof en>;
