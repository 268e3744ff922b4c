import type { Translation } from '../../../lib/i18n';
import type en from './en';

export default {
  title: '儀表板',
  subtitle: '你的角色所負責的各項工作中，目前需要關注的事項。',
  greeting: '目前登入：{{name}}',
  refreshAll: '全部重新整理',
  empty: '你的角色暫無可顯示的卡片。',
  cardFailed: '此卡片載入失敗。',
  usersTitle: '用戶',
  usersSignups: '今日註冊 {{today}} 人，本週 {{week}} 人。',
  findUser: '查詢用戶',
  queueUnknown: '佇列「{{key}}」',
  queueWaiting: '等待你的處理。',
  queueClear: '暫無待處理事項。',
  openQueue: '開啟佇列',
  reconcileTitle: '賬本對賬',
  reconcileOk: '一致',
  reconcileProblems: '{{count}} 個問題',
  reconcileNone: '尚未進行過對賬。',
  reconcileChecked: '上次核對：{{ago}}。',
  openReport: '查看報告',
  depositsToday: '今日充值',
  withdrawalsToday: '今日提幣',
  flowCount: '自 UTC 00:00 起 {{count}} 筆，按今日價格估值。',
  flowUnpriced: '未估值（無價格）：{{coins}}。',
} satisfies Translation<typeof en>;
