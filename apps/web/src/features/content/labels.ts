import { defineLocales } from '../../lib/i18n';

/** Route titles and shortcut labels: shipped with the first page (the page texts are in locales.ts, loaded lazily). */
export const contentLabels = defineLocales(
  'contentLabels',
  {
    noticeTitle: 'Details',
    allNoticeTitle: 'Announcements',
    helpTitle: 'Help center',
    agreementTitle: 'Agreement',
    serviceNotices: 'Notices',
    whitepaper: 'White Paper',
  },
  {
    zh_CN: {
      noticeTitle: '详情',
      allNoticeTitle: '公告中心',
      helpTitle: '帮助中心',
      agreementTitle: '协议',
      serviceNotices: '公告',
      whitepaper: '白皮书',
    },
    zh_HK: {
      noticeTitle: '詳情',
      allNoticeTitle: '公告中心',
      helpTitle: '幫助中心',
      agreementTitle: '協議',
      serviceNotices: '公告',
      whitepaper: '白皮書',
    },
    es: {
      noticeTitle: 'Detalles',
      allNoticeTitle: 'Anuncios',
      helpTitle: 'Centro de ayuda',
      agreementTitle: 'Acuerdo',
      serviceNotices: 'Avisos',
      whitepaper: 'Libro blanco',
    },
    fr: {
      noticeTitle: 'Détails',
      allNoticeTitle: 'Annonces',
      helpTitle: "Centre d'aide",
      agreementTitle: 'Conditions',
      serviceNotices: 'Annonces',
      whitepaper: 'Livre blanc',
    },
  },
);
