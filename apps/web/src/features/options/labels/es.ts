import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  optionTitle: 'Opciones',
  serviceOptions: 'Opciones',
} satisfies Translation<typeof en>;
