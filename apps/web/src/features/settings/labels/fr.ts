import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `settingsLabels`). */
export default {
  langTitle: 'Langue',
  lineTitle: 'Ligne de service',
  aboutTitle: 'À propos',
} satisfies Translation<typeof en>;
