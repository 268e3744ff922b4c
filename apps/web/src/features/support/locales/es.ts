import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `support`). */
export default {
  emptyTitle: '¿En qué podemos ayudarte?',
  emptyText:
    'Escribe tu pregunta abajo y nuestro equipo de soporte te responderá aquí, normalmente en pocos minutos. También puedes adjuntar una captura de pantalla.',
  placeholder: 'Escribe un mensaje…',
  send: 'Enviar',
  attachImage: 'Adjuntar una imagen',
  removeImage: 'Quitar la imagen',
  image: 'Imagen',
  viewImage: 'Ver la imagen a tamaño completo',
  closeImage: 'Cerrar la imagen',
  imageUnavailable: 'Imagen no disponible: toca para reintentar',
  imageType: 'Elige una imagen JPEG, PNG o WebP.',
  imageTooLarge: 'La imagen no puede superar los 3 MB.',
  support: 'Soporte',
  sending: 'Enviando…',
  sent: 'Enviado',
  read: 'Leído',
  notSent: 'No enviado',
  retry: 'Reintentar',
  earlier: 'Ver mensajes anteriores',
  loadingEarlier: 'Cargando mensajes anteriores…',
  closed: 'Esta conversación se ha cerrado. Envía un mensaje para iniciar una nueva.',
  today: 'Hoy',
  yesterday: 'Ayer',
  characters: '{{n}}/{{max}}',
} satisfies Translation<typeof en>;
