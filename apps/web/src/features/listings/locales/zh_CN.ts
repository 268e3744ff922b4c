import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `listings`). */
export default {
  intro: '请介绍您的项目。上币团队会审核每一份申请，并在此处给出结果。',
  tabApply: '申请',
  tabMine: '我的申请',
  projectName: '项目名称',
  symbol: '币种代码',
  symbolPlaceholder: '例如 MOON',
  chain: '公链 / 网络',
  chainPlaceholder: '例如 ERC20、TRC20、自有主网',
  contractAddress: '合约地址（选填）',
  website: '官方网站',
  whitepaper: '白皮书链接（选填）',
  totalSupply: '总发行量',
  contactName: '联系人',
  contact: '邮箱、Telegram 或电话',
  description: '项目介绍',
  descriptionPlaceholder: '项目做什么、团队、社区与流动性',
  submit: '提交申请',
  submitted: '申请已提交，审核结果将显示在此处。',
  none: '暂无申请',
  status_pending: '审核中',
  status_approved: '已通过',
  status_rejected: '已驳回',
  reason: '原因：{{reason}}',
  sentAt: '提交于 {{date}}',
  reviewedAt: '审核于 {{date}}',
} satisfies Translation<typeof en>;
