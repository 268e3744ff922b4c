import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `securityLabels`). */
export default {
  safetyTitle: 'Seguridad',
  updatePwdTitle: 'Contraseña de acceso',
  googleTitle: 'Verificación en dos pasos',
  googleVerifyTitle: 'Activar doble factor',
  googleCloseTitle: 'Desactivar doble factor',
  identityTitle: 'Verificación de identidad',
  manageTitle: 'Gestión de la cuenta',
  infoTitle: 'Editar perfil',
  newcomerTitle: 'Centro de bienvenida',
} satisfies Translation<typeof en>;
