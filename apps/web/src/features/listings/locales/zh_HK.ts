import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `listings`). */
export default {
  intro: '請介紹您的項目。上幣團隊會審核每一份申請，並在此處給出結果。',
  tabApply: '申請',
  tabMine: '我的申請',
  projectName: '項目名稱',
  symbol: '幣種代碼',
  symbolPlaceholder: '例如 MOON',
  chain: '公鏈 / 網絡',
  chainPlaceholder: '例如 ERC20、TRC20、自有主網',
  contractAddress: '合約地址（選填）',
  website: '官方網站',
  whitepaper: '白皮書連結（選填）',
  totalSupply: '總發行量',
  contactName: '聯絡人',
  contact: '電郵、Telegram 或電話',
  description: '項目介紹',
  descriptionPlaceholder: '項目做什麼、團隊、社群與流動性',
  submit: '提交申請',
  submitted: '申請已提交，審核結果將顯示在此處。',
  none: '暫無申請',
  status_pending: '審核中',
  status_approved: '已通過',
  status_rejected: '已駁回',
  reason: '原因：{{reason}}',
  sentAt: '提交於 {{date}}',
  reviewedAt: '審核於 {{date}}',
} satisfies Translation<typeof en>;
