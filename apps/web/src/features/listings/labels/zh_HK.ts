import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  reportTitle: '上幣申請',
  serviceListing: '上幣申請',
} satisfies Translation<typeof en>;
