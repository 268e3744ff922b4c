import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_HK: the same keys as English (namespace `walletLabels`). */
export default {
  propertyTitle: '資產',
  currencyTitle: '選擇幣種',
  rechargeTitle: '充幣',
  withdrawTitle: '提幣',
  withdrawDetailTitle: '提幣詳情',
  transferTitle: '劃轉',
  recordsTitle: '資金記錄',
  flashTitle: '閃轉',
  serviceDeposit: '充幣',
  serviceWithdraw: '提幣',
  serviceTransfer: '劃轉',
  serviceAssets: '資產',
  serviceRecords: '資金記錄',
  serviceFlash: '閃轉',
} satisfies Translation<typeof en>;
