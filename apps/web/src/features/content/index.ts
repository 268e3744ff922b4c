import { FileOutline, QuestionCircleOutline, SoundOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { contentLabels } from './labels';
import { contentLocales } from './locales';

/** Notices, announcements, the help centre and the documents (terms, privacy, white paper). */
export const contentFeature: Feature = {
  name: 'content',
  labels: contentLabels,
  locales: [contentLocales],
  routes: [
    { path: '/pages/index/notice', page: () => import('./pages/NoticePage'), title: contentLabels.ref('noticeTitle') },
    {
      path: '/pages/index/allnotice',
      page: () => import('./pages/NoticeListPage'),
      title: contentLabels.ref('allNoticeTitle'),
      refreshable: true,
    },
    {
      path: '/pages/mine/agreement',
      page: () => import('./pages/AgreementPage'),
      title: contentLabels.ref('agreementTitle'),
    },
    { path: '/pages/help/index', page: () => import('./pages/HelpPage'), title: contentLabels.ref('helpTitle') },
  ],
  services: [
    {
      id: 'notices',
      path: '/pages/index/allnotice',
      label: contentLabels.ref('serviceNotices'),
      icon: SoundOutline,
      group: 'support',
      home: 10,
    },
    {
      id: 'help',
      path: '/pages/help/index',
      label: contentLabels.ref('helpTitle'),
      icon: QuestionCircleOutline,
      group: 'support',
      home: 20,
      me: 800,
    },
    {
      id: 'whitepaper',
      path: '/pages/mine/agreement?type=whitepaper',
      label: contentLabels.ref('whitepaper'),
      icon: FileOutline,
      group: 'support',
      home: 30,
    },
  ],
};
