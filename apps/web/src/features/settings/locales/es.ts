import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `settings`). */
export default {
  langChanged: 'Idioma cambiado',
  lineHint: 'Cada línea se mide con un ping; se elige la más rápida automáticamente y aquí puedes elegir otra.',
  measuring: 'Midiendo…',
  unreachable: 'Sin conexión',
  latency: '{{ms}} ms',
  retest: 'Medir de nuevo',
  inUse: 'En uso',
  lineSwitched: 'Cambiado a {{name}}',
  thisSite: 'Este sitio',
  noLines: 'No hay ninguna línea disponible ahora.',
  version: 'Versión',
  versionValue: '{{version}} ({{code}})',
  checkUpdate: 'Buscar actualizaciones',
  latest: 'Tienes la última versión.',
  newVersion: 'La versión {{version}} está disponible',
  update: 'Actualizar',
  later: 'Más tarde',
  aboutText: 'Bourse es un exchange de activos digitales de código abierto.',
  terms: 'Términos del servicio',
  privacy: 'Política de privacidad',
} satisfies Translation<typeof en>;
