import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  optionTitle: '期權',
  serviceOptions: '期權',
} satisfies Translation<typeof en>;
