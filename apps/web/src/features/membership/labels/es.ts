import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  memberTitle: 'Membresía',
  benefitsTitle: 'Mis beneficios',
  serviceMember: 'Membresía',
} satisfies Translation<typeof en>;
