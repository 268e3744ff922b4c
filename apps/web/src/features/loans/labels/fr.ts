import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `loansLabels`). */
export default {
  borrowTitle: 'Prêts crypto',
  loansTitle: 'Mes prêts',
  service: 'Prêts',
} satisfies Translation<typeof en>;
