import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `homeLabels`). */
export default {
  homeTitle: 'Accueil',
  servicesTitle: 'Tous les services',
} satisfies Translation<typeof en>;
