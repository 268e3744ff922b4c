import { defineLocales } from '../../lib/i18n';

/** Route titles and shortcut labels: shipped with the first page (the page texts are in locales.ts, loaded lazily). */
export const meLabels = defineLocales(
  'meLabels',
  {
    meTitle: 'Me',
  },
  {
    zh_CN: {
      meTitle: '我的',
    },
    zh_HK: {
      meTitle: '我的',
    },
    es: {
      meTitle: 'Yo',
    },
    fr: {
      meTitle: 'Moi',
    },
  },
);
