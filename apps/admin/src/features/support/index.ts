import { CustomerServiceOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { supportLocales } from './locales';

/** Customer service: the inbox, a conversation with the user's context beside it, reply, close. */
export const supportFeature: ConsoleFeature = {
  name: 'support',
  locales: supportLocales,
  pages: [
    {
      path: '/support',
      permission: 'support.chat',
      title: supportLocales.ref('title'),
      page: () => import('./pages/SupportPage'),
      menu: { section: 'users', order: 20, icon: CustomerServiceOutlined },
    },
    {
      path: '/support/:id',
      permission: 'support.chat',
      title: supportLocales.ref('conversationTitle'),
      page: () => import('./pages/SupportPage'),
    },
  ],
  queues: [
    {
      key: 'support',
      title: supportLocales.ref('queueTitle'),
      path: '/support',
      icon: CustomerServiceOutlined,
      order: 25,
    },
  ],
};
