import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  memberTitle: 'Adhésion',
  benefitsTitle: 'Mes avantages',
  serviceMember: 'Adhésion',
} satisfies Translation<typeof en>;
