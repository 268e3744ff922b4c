import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `authLabels`). */
export default {
  loginTitle: 'Connexion',
  registerTitle: 'Inscription',
  recordRegisterTitle: 'Inscription',
  forgetTitle: 'Réinitialiser le mot de passe',
  login: 'Se connecter',
  register: "S'inscrire",
} satisfies Translation<typeof en>;
