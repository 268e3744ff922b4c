import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `settings`). */
export default {
  langChanged: '语言已切换',
  lineHint: '每条线路均通过测速检测，系统自动选择最快的线路，您也可以在此手动切换。',
  measuring: '测速中…',
  unreachable: '无法连接',
  latency: '{{ms}} 毫秒',
  retest: '重新测速',
  inUse: '使用中',
  lineSwitched: '已切换至 {{name}}',
  thisSite: '当前站点',
  noLines: '暂无可用线路',
  version: '版本',
  versionValue: '{{version}} ({{code}})',
  checkUpdate: '检查更新',
  latest: '当前已是最新版本',
  newVersion: '发现新版本 {{version}}',
  update: '立即更新',
  later: '稍后',
  aboutText: 'Bourse 是一个开源的数字资产交易所。',
  terms: '服务条款',
  privacy: '隐私政策',
} satisfies Translation<typeof en>;
