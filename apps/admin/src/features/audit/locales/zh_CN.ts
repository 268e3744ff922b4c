import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  title: '审计日志',
  subtitle: '每一项运营操作都与其结果在同一事务中记录，每一次拒绝也会记录。记录永不删除。',
  time: '时间',
  operator: '运营人员',
  operatorId: '运营人员 ID',
  role: '角色',
  route: '接口',
  routePrefix: '接口前缀',
  target: '对象',
  outcome: '结果',
  outcome_done: '已执行',
  outcome_refused: '已拒绝',
  ip: '地址',
  change: '请求',
  result: '结果',
  filterByOperator: '只看此运营人员',
  clearFilters: '清除筛选',
} satisfies Translation<typeof en>;
