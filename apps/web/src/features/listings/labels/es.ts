import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  reportTitle: 'Solicitar listado',
  serviceListing: 'Listado de monedas',
} satisfies Translation<typeof en>;
