import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  financialTitle: 'Épargne',
  recordsTitle: 'Historique d’épargne',
  serviceEarn: 'Épargne',
} satisfies Translation<typeof en>;
