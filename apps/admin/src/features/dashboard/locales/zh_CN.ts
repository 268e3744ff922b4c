import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  title: '仪表盘',
  subtitle: '你的角色所负责的各项工作中，当前需要关注的事项。',
  greeting: '当前登录：{{name}}',
  refreshAll: '全部刷新',
  empty: '你的角色暂无可显示的卡片。',
  cardFailed: '此卡片加载失败。',
  usersTitle: '用户',
  usersSignups: '今日注册 {{today}} 人，本周 {{week}} 人。',
  findUser: '查询用户',
  queueUnknown: '队列“{{key}}”',
  queueWaiting: '等待你的处理。',
  queueClear: '暂无待处理事项。',
  openQueue: '打开队列',
  reconcileTitle: '账本对账',
  reconcileOk: '一致',
  reconcileProblems: '{{count}} 个问题',
  reconcileNone: '尚未进行过对账。',
  reconcileChecked: '上次核对：{{ago}}。',
  openReport: '查看报告',
  depositsToday: '今日充值',
  withdrawalsToday: '今日提币',
  flowCount: '自 UTC 00:00 起 {{count}} 笔，按今日价格估值。',
  flowUnpriced: '未估值（无价格）：{{coins}}。',
} satisfies Translation<typeof en>;
