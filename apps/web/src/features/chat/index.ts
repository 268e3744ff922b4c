import { MessageOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { chatLabels } from './labels';
import { chatLocales } from './locales';

export const CHAT_PATH = '/pages/chat/index';

/** The community chat (product `chat`): public rooms per language, live, moderated from the console. */
export const chatFeature: Feature = {
  name: 'chat',
  product: 'chat',
  labels: chatLabels,
  locales: [chatLocales],
  routes: [
    {
      path: CHAT_PATH,
      page: () => import('./pages/ChatPage'),
      title: chatLabels.ref('chatTitle'),
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'chat',
      path: CHAT_PATH,
      label: chatLabels.ref('serviceChat'),
      icon: MessageOutline,
      group: 'support',
      me: 710,
    },
  ],
};
