/** English: the source of the keys (namespace `contentLabels`). */
export default {
  noticeTitle: 'Details',
  allNoticeTitle: 'Announcements',
  helpTitle: 'Help center',
  agreementTitle: 'Agreement',
  serviceNotices: 'Notices',
  whitepaper: 'White Paper',
};
