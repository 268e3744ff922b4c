import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `securityLabels`). */
export default {
  safetyTitle: 'Sécurité',
  updatePwdTitle: 'Mot de passe de connexion',
  googleTitle: 'Authentification à deux facteurs',
  googleVerifyTitle: 'Activer la double authentification',
  googleCloseTitle: 'Désactiver la double authentification',
  identityTitle: "Vérification d'identité",
  manageTitle: 'Gestion du compte',
  infoTitle: 'Modifier le profil',
  newcomerTitle: 'Espace nouveaux venus',
} satisfies Translation<typeof en>;
