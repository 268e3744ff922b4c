import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `content`). */
export default {
  tabAll: 'Todo',
  tabNotice: 'Avisos',
  tabAnnouncement: 'Anuncios',
  pinned: 'Fijado',
  documents: 'Documentos',
  helpArticles: 'Preguntas frecuentes',
  terms: 'Términos del servicio',
  privacy: 'Política de privacidad',
  whitepaper: 'Libro blanco',
  updatedAt: 'Actualizado el {{date}}',
  categoryNotice: 'Aviso',
  categoryAnnouncement: 'Anuncio',
  categoryHelp: 'Ayuda',
  categoryDocument: 'Documento',
  categorySwap: 'Futuros',
  noHelp: 'Aún no hay artículos de ayuda',
  noNotices: 'Aún no hay anuncios',
} satisfies Translation<typeof en>;
