import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  reportTitle: 'Demande de listage',
  serviceListing: 'Listage de jetons',
} satisfies Translation<typeof en>;
