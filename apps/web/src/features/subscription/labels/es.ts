import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  purchaseTitle: 'Nuevas monedas',
  servicePurchase: 'Nuevas monedas',
} satisfies Translation<typeof en>;
