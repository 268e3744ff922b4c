import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  reportTitle: '上币申请',
  serviceListing: '上币申请',
} satisfies Translation<typeof en>;
