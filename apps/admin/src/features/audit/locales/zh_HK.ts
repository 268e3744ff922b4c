import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  title: '審計日誌',
  subtitle: '每一項營運操作都與其結果在同一交易中記錄，每一次拒絕也會記錄。記錄永不刪除。',
  time: '時間',
  operator: '營運人員',
  operatorId: '營運人員 ID',
  role: '角色',
  route: '介面',
  routePrefix: '介面前綴',
  target: '對象',
  outcome: '結果',
  outcome_done: '已執行',
  outcome_refused: '已拒絕',
  ip: '地址',
  change: '請求',
  result: '結果',
  filterByOperator: '只看此營運人員',
  clearFilters: '清除篩選',
} satisfies Translation<typeof en>;
