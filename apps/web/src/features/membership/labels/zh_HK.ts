import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  memberTitle: '會員中心',
  benefitsTitle: '我的權益',
  serviceMember: '會員',
} satisfies Translation<typeof en>;
