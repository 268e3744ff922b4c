import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  memberTitle: '会员中心',
  benefitsTitle: '我的权益',
  serviceMember: '会员',
} satisfies Translation<typeof en>;
