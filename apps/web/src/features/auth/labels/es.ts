import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `authLabels`). */
export default {
  loginTitle: 'Iniciar sesión',
  registerTitle: 'Registrarse',
  recordRegisterTitle: 'Registrarse',
  forgetTitle: 'Restablecer contraseña',
  login: 'Iniciar sesión',
  register: 'Registrarse',
} satisfies Translation<typeof en>;
