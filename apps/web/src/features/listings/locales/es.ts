import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `listings`). */
export default {
  intro: 'Cuéntanos sobre tu proyecto. Nuestro equipo revisa cada solicitud y responde aquí.',
  tabApply: 'Solicitar',
  tabMine: 'Mis solicitudes',
  projectName: 'Nombre del proyecto',
  symbol: 'Símbolo de la moneda',
  symbolPlaceholder: 'p. ej. MOON',
  chain: 'Cadena / red',
  chainPlaceholder: 'p. ej. ERC20, TRC20, red propia',
  contractAddress: 'Dirección del contrato (opcional)',
  website: 'Sitio web oficial',
  whitepaper: 'Enlace al libro blanco (opcional)',
  totalSupply: 'Suministro total',
  contactName: 'Persona de contacto',
  contact: 'Correo, Telegram o teléfono',
  description: 'Descripción del proyecto',
  descriptionPlaceholder: 'Qué hace el proyecto, su equipo, comunidad y liquidez',
  submit: 'Enviar solicitud',
  submitted: 'Solicitud enviada. Verás la revisión aquí.',
  none: 'Aún no hay solicitudes',
  status_pending: 'En revisión',
  status_approved: 'Aprobada',
  status_rejected: 'Rechazada',
  reason: 'Motivo: {{reason}}',
  sentAt: 'Enviada {{date}}',
  reviewedAt: 'Revisada {{date}}',
} satisfies Translation<typeof en>;
