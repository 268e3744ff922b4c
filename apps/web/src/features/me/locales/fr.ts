import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `me`). */
export default {
  loginOrRegister: 'Connexion / Inscription',
  guestText: 'Connectez-vous pour trader et gérer vos actifs.',
  login: 'Se connecter',
  register: "S'inscrire",
  defaultNickname: 'Utilisateur Bourse',
  uid: 'UID',
  copyUid: "Copier l'UID",
  inviteCode: "Code d'invitation",
  preferences: 'Préférences',
  support: 'Aide et informations',
  language: 'Langue',
  theme: 'Thème',
  themeDark: 'Sombre',
  themeLight: 'Clair',
  upDown: 'Couleurs des prix',
  greenUp: 'Vert hausse, rouge baisse',
  redUp: 'Rouge hausse, vert baisse',
  line: 'Ligne de service',
  logout: 'Se déconnecter',
  logoutConfirm: 'Voulez-vous vraiment vous déconnecter ?',
  loggedOut: 'Déconnecté',
} satisfies Translation<typeof en>;
