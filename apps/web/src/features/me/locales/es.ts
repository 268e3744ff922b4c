import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `me`). */
export default {
  loginOrRegister: 'Iniciar sesión / Registrarse',
  guestText: 'Inicia sesión para operar y gestionar tus activos.',
  login: 'Iniciar sesión',
  register: 'Registrarse',
  defaultNickname: 'Usuario de Bourse',
  uid: 'UID',
  copyUid: 'Copiar UID',
  inviteCode: 'Código de invitación',
  preferences: 'Preferencias',
  support: 'Ayuda e información',
  language: 'Idioma',
  theme: 'Tema',
  themeDark: 'Oscuro',
  themeLight: 'Claro',
  upDown: 'Colores de precio',
  greenUp: 'Verde sube, rojo baja',
  redUp: 'Rojo sube, verde baja',
  line: 'Línea de servicio',
  logout: 'Cerrar sesión',
  logoutConfirm: '¿Seguro que quieres cerrar sesión?',
  loggedOut: 'Sesión cerrada',
} satisfies Translation<typeof en>;
