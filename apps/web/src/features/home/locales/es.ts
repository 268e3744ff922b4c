import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `home`). */
export default {
  welcomeTitle: 'Bienvenido a Bourse',
  welcomeText: 'Compra, vende y opera activos digitales con confianza.',
  welcomeBack: 'Bienvenido de nuevo',
  register: 'Registrarse',
  login: 'Iniciar sesión',
  more: 'Más',
  noticeMore: 'Todos los anuncios',
  noNotices: 'No hay anuncios por ahora',
  shortcuts: 'Accesos directos',
  groupTrade: 'Operar',
  groupAssets: 'Activos',
  groupRewards: 'Recompensas',
  groupAccount: 'Cuenta',
  groupSupport: 'Ayuda e información',
  groupSettings: 'Ajustes',
  uid: 'UID {{uid}}',
  language: 'Idioma',
  search: 'Buscar',
  welcomeNew: 'Tu cuenta está lista. Haz un primer depósito para empezar a operar.',
  deposit: 'Depositar',
} satisfies Translation<typeof en>;
