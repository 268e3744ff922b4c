import { defineLocales } from '../../lib/i18n';

/** Route titles and shortcut labels: shipped with the first page (the page texts are in locales.ts, loaded lazily). */
export const homeLabels = defineLocales(
  'homeLabels',
  {
    homeTitle: 'Home',
    servicesTitle: 'All services',
  },
  {
    zh_CN: {
      homeTitle: '首页',
      servicesTitle: '全部服务',
    },
    zh_HK: {
      homeTitle: '首頁',
      servicesTitle: '全部服務',
    },
    es: {
      homeTitle: 'Inicio',
      servicesTitle: 'Todos los servicios',
    },
    fr: {
      homeTitle: 'Accueil',
      servicesTitle: 'Tous les services',
    },
  },
);
