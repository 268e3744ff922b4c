import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `loansLabels`). */
export default {
  borrowTitle: 'Préstamos cripto',
  loansTitle: 'Mis préstamos',
  service: 'Préstamos',
} satisfies Translation<typeof en>;
