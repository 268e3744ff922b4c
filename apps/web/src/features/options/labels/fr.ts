import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  optionTitle: 'Options',
  serviceOptions: 'Options',
} satisfies Translation<typeof en>;
