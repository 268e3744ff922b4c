import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `contentLabels`). */
export default {
  noticeTitle: 'Détails',
  allNoticeTitle: 'Annonces',
  helpTitle: "Centre d'aide",
  agreementTitle: 'Conditions',
  serviceNotices: 'Annonces',
  whitepaper: 'Livre blanc',
} satisfies Translation<typeof en>;
