import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `home`). */
export default {
  welcomeTitle: 'Bienvenue sur Bourse',
  welcomeText: 'Achetez, vendez et tradez des actifs numériques en toute confiance.',
  welcomeBack: 'Bon retour',
  register: "S'inscrire",
  login: 'Se connecter',
  more: 'Plus',
  noticeMore: 'Toutes les annonces',
  noNotices: 'Aucune annonce pour le moment',
  shortcuts: 'Raccourcis',
  groupTrade: 'Trading',
  groupAssets: 'Actifs',
  groupRewards: 'Récompenses',
  groupAccount: 'Compte',
  groupSupport: 'Aide et informations',
  groupSettings: 'Paramètres',
  uid: 'UID {{uid}}',
  language: 'Langue',
  search: 'Rechercher',
  welcomeNew: 'Votre compte est prêt. Faites un premier dépôt pour commencer à trader.',
  deposit: 'Déposer',
} satisfies Translation<typeof en>;
