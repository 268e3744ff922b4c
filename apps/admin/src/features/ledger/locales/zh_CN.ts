import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  title: '对账',
  subtitle:
    '重放日记账核对每个余额，每笔分录借贷平衡，冻结记录与冻结资金一致，不允许为负的账户没有负数；并按币种核对：持有 = 充值 − 提现 + 调账。',
  runAgain: '重新对账',
  ok: '账目一致。',
  notOk: '账目不一致：{{count}} 个问题。',
  checkedAt: '于 {{time}} 完成核对，耗时 {{ms}} 毫秒。',
  entries: '日记账分录',
  legs: '分录明细',
  accounts: '账户',
  holds: '未解除冻结',
  assets: '按币种',
  asset: '币种',
  held: '交易所持有',
  hotWallet: '热钱包',
  deposited: '已充值',
  withdrawn: '已提现',
  adjusted: '调账',
  assetOk: '一致',
  assetNotOk: '有差异',
  notTracked: '非链上资产',
  byType: '按账户类型',
  type_asset: '资产',
  type_liability: '负债（用户）',
  type_revenue: '收入',
  type_expense: '费用',
  type_equity: '权益',
  problems: '问题',
  noProblems: '未发现问题。',
} satisfies Translation<typeof en>;
