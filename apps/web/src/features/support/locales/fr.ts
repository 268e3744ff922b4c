import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `support`). */
export default {
  emptyTitle: 'Comment pouvons-nous vous aider ?',
  emptyText:
    'Écrivez votre question ci-dessous : notre équipe d’assistance vous répondra ici, en général en quelques minutes. Vous pouvez aussi joindre une capture d’écran.',
  placeholder: 'Écrivez un message…',
  send: 'Envoyer',
  attachImage: 'Joindre une image',
  removeImage: 'Retirer l’image',
  image: 'Image',
  viewImage: 'Voir l’image en grand',
  closeImage: 'Fermer l’image',
  imageUnavailable: 'Image indisponible : touchez pour réessayer',
  imageType: 'Choisissez une image JPEG, PNG ou WebP.',
  imageTooLarge: 'L’image ne doit pas dépasser 3 Mo.',
  support: 'Assistance',
  sending: 'Envoi…',
  sent: 'Envoyé',
  read: 'Lu',
  notSent: 'Non envoyé',
  retry: 'Réessayer',
  earlier: 'Voir les messages précédents',
  loadingEarlier: 'Chargement des messages précédents…',
  closed: 'Cette conversation est terminée. Envoyez un message pour en commencer une nouvelle.',
  today: 'Aujourd’hui',
  yesterday: 'Hier',
  characters: '{{n}}/{{max}}',
} satisfies Translation<typeof en>;
