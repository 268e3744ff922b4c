import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `listings`). */
export default {
  intro: 'Présentez votre projet. Notre équipe examine chaque demande et répond ici.',
  tabApply: 'Demander',
  tabMine: 'Mes demandes',
  projectName: 'Nom du projet',
  symbol: 'Symbole du jeton',
  symbolPlaceholder: 'p. ex. MOON',
  chain: 'Chaîne / réseau',
  chainPlaceholder: 'p. ex. ERC20, TRC20, réseau propre',
  contractAddress: 'Adresse du contrat (facultatif)',
  website: 'Site officiel',
  whitepaper: 'Lien du livre blanc (facultatif)',
  totalSupply: 'Offre totale',
  contactName: 'Personne à contacter',
  contact: 'E-mail, Telegram ou téléphone',
  description: 'Description du projet',
  descriptionPlaceholder: 'Ce que fait le projet, son équipe, sa communauté et sa liquidité',
  submit: 'Envoyer la demande',
  submitted: 'Demande envoyée. Vous verrez l’examen ici.',
  none: 'Aucune demande pour l’instant',
  status_pending: 'En cours d’examen',
  status_approved: 'Approuvée',
  status_rejected: 'Refusée',
  reason: 'Motif : {{reason}}',
  sentAt: 'Envoyée le {{date}}',
  reviewedAt: 'Examinée le {{date}}',
} satisfies Translation<typeof en>;
