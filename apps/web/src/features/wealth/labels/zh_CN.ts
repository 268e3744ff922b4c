import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  financialTitle: '理财',
  recordsTitle: '理财记录',
  serviceEarn: '理财',
} satisfies Translation<typeof en>;
