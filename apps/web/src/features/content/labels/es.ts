import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `contentLabels`). */
export default {
  noticeTitle: 'Detalles',
  allNoticeTitle: 'Anuncios',
  helpTitle: 'Centro de ayuda',
  agreementTitle: 'Acuerdo',
  serviceNotices: 'Avisos',
  whitepaper: 'Libro blanco',
} satisfies Translation<typeof en>;
