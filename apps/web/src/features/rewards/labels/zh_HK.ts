import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  signinTitle: '每日簽到',
  boxTitle: '盲盒',
  shareTitle: '邀請好友',
  partnerTitle: '合夥人數據',
  serviceCheckin: '簽到',
  serviceBox: '盲盒',
  serviceInvite: '邀請好友',
  servicePartner: '合夥人',
} satisfies Translation<typeof en>;
