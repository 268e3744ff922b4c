import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  signinTitle: 'Pointage quotidien',
  boxTitle: 'Boîte mystère',
  shareTitle: 'Inviter des amis',
  partnerTitle: 'Données partenaire',
  serviceCheckin: 'Pointage',
  serviceBox: 'Boîte mystère',
  serviceInvite: 'Inviter des amis',
  servicePartner: 'Partenaire',
} satisfies Translation<typeof en>;
