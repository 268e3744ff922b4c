import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  financialTitle: '理財',
  recordsTitle: '理財記錄',
  serviceEarn: '理財',
} satisfies Translation<typeof en>;
