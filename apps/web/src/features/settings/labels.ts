import { defineLocales } from '../../lib/i18n';

/** Route titles and shortcut labels: shipped with the first page (the page texts are in locales.ts, loaded lazily). */
export const settingsLabels = defineLocales(
  'settingsLabels',
  {
    langTitle: 'Language',
    lineTitle: 'Service line',
    aboutTitle: 'About',
  },
  {
    zh_CN: {
      langTitle: '语言',
      lineTitle: '线路选择',
      aboutTitle: '关于我们',
    },
    zh_HK: {
      langTitle: '語言',
      lineTitle: '線路選擇',
      aboutTitle: '關於我們',
    },
    es: {
      langTitle: 'Idioma',
      lineTitle: 'Línea de servicio',
      aboutTitle: 'Acerca de',
    },
    fr: {
      langTitle: 'Langue',
      lineTitle: 'Ligne de service',
      aboutTitle: 'À propos',
    },
  },
);
