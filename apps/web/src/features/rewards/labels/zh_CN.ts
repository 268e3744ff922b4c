import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  signinTitle: '每日签到',
  boxTitle: '盲盒',
  shareTitle: '邀请好友',
  partnerTitle: '合伙人数据',
  serviceCheckin: '签到',
  serviceBox: '盲盒',
  serviceInvite: '邀请好友',
  servicePartner: '合伙人',
} satisfies Translation<typeof en>;
