import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `settings`). */
export default {
  langChanged: 'Langue modifiée',
  lineHint:
    'Chaque ligne est testée par ping ; la plus rapide est choisie automatiquement, vous pouvez en choisir une autre ici.',
  measuring: 'Test en cours…',
  unreachable: 'Injoignable',
  latency: '{{ms}} ms',
  retest: 'Tester à nouveau',
  inUse: 'Utilisée',
  lineSwitched: 'Ligne {{name}} sélectionnée',
  thisSite: 'Ce site',
  noLines: "Aucune ligne n'est disponible pour le moment.",
  version: 'Version',
  versionValue: '{{version}} ({{code}})',
  checkUpdate: 'Rechercher une mise à jour',
  latest: 'Vous avez la dernière version.',
  newVersion: 'La version {{version}} est disponible',
  update: 'Mettre à jour',
  later: 'Plus tard',
  aboutText: "Bourse est une plateforme d'échange d'actifs numériques open source.",
  terms: "Conditions d'utilisation",
  privacy: 'Politique de confidentialité',
} satisfies Translation<typeof en>;
