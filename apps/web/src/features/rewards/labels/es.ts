import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  signinTitle: 'Registro diario',
  boxTitle: 'Caja sorpresa',
  shareTitle: 'Invitar amigos',
  partnerTitle: 'Datos de socio',
  serviceCheckin: 'Registro',
  serviceBox: 'Caja sorpresa',
  serviceInvite: 'Invitar amigos',
  servicePartner: 'Socio',
} satisfies Translation<typeof en>;
