import { MessageOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { chatLocales } from './locales';

/** Community chat moderation: the reports queue, every message, mutes and the word filter — each live in the app. */
export const chatFeature: ConsoleFeature = {
  name: 'chat',
  locales: chatLocales,
  pages: [
    {
      path: '/chat',
      permission: 'chat.moderate',
      title: chatLocales.ref('title'),
      page: () => import('./pages/ChatModerationPage'),
      menu: { section: 'users', order: 25, icon: MessageOutlined },
    },
  ],
  queues: [
    {
      key: 'chat-reports',
      title: chatLocales.ref('queueTitle'),
      path: '/chat',
      icon: MessageOutlined,
      order: 27,
    },
  ],
};
