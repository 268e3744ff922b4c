import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `homeLabels`). */
export default {
  homeTitle: 'Inicio',
  servicesTitle: 'Todos los servicios',
} satisfies Translation<typeof en>;
