import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `content`). */
export default {
  tabAll: 'Tout',
  tabNotice: 'Avis',
  tabAnnouncement: 'Annonces',
  pinned: 'Épinglé',
  documents: 'Documents',
  helpArticles: 'Questions fréquentes',
  terms: "Conditions d'utilisation",
  privacy: 'Politique de confidentialité',
  whitepaper: 'Livre blanc',
  updatedAt: 'Mis à jour le {{date}}',
  categoryNotice: 'Avis',
  categoryAnnouncement: 'Annonce',
  categoryHelp: 'Aide',
  categoryDocument: 'Document',
  categorySwap: 'Futures',
  noHelp: "Aucun article d'aide pour le moment",
  noNotices: 'Aucune annonce pour le moment',
} satisfies Translation<typeof en>;
