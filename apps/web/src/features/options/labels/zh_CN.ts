import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  optionTitle: '期权',
  serviceOptions: '期权',
} satisfies Translation<typeof en>;
