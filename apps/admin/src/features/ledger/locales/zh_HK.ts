import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  title: '對賬',
  subtitle:
    '重放日記賬核對每個餘額，每筆分錄借貸平衡，凍結記錄與凍結資金一致，不允許為負的帳戶沒有負數；並按幣種核對：持有 = 充值 − 提現 + 調賬。',
  runAgain: '重新對賬',
  ok: '賬目一致。',
  notOk: '賬目不一致：{{count}} 個問題。',
  checkedAt: '於 {{time}} 完成核對，耗時 {{ms}} 毫秒。',
  entries: '日記賬分錄',
  legs: '分錄明細',
  accounts: '帳戶',
  holds: '未解除凍結',
  assets: '按幣種',
  asset: '幣種',
  held: '交易所持有',
  hotWallet: '熱錢包',
  deposited: '已充值',
  withdrawn: '已提現',
  adjusted: '調賬',
  assetOk: '一致',
  assetNotOk: '有差異',
  notTracked: '非鏈上資產',
  byType: '按帳戶類型',
  type_asset: '資產',
  type_liability: '負債（用戶）',
  type_revenue: '收入',
  type_expense: '費用',
  type_equity: '權益',
  problems: '問題',
  noProblems: '未發現問題。',
} satisfies Translation<typeof en>;
