import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `settings`). */
export default {
  langChanged: '語言已切換',
  lineHint: '每條線路均經測速檢測，系統自動選擇最快的線路，您亦可在此手動切換。',
  measuring: '測速中…',
  unreachable: '無法連線',
  latency: '{{ms}} 毫秒',
  retest: '重新測速',
  inUse: '使用中',
  lineSwitched: '已切換至 {{name}}',
  thisSite: '目前站點',
  noLines: '暫無可用線路',
  version: '版本',
  versionValue: '{{version}} ({{code}})',
  checkUpdate: '檢查更新',
  latest: '目前已是最新版本',
  newVersion: '發現新版本 {{version}}',
  update: '立即更新',
  later: '稍後',
  aboutText: 'Bourse 是一個開源的數字資產交易所。',
  terms: '服務條款',
  privacy: '私隱政策',
} satisfies Translation<typeof en>;
