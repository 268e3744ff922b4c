import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `settingsLabels`). */
export default {
  langTitle: 'Idioma',
  lineTitle: 'Línea de servicio',
  aboutTitle: 'Acerca de',
} satisfies Translation<typeof en>;
