import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  financialTitle: 'Earn',
  recordsTitle: 'Registros de Earn',
  serviceEarn: 'Earn',
} satisfies Translation<typeof en>;
