import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** zh_CN: the same keys as English (namespace `walletLabels`). */
export default {
  propertyTitle: '资产',
  currencyTitle: '选择币种',
  rechargeTitle: '充币',
  withdrawTitle: '提币',
  withdrawDetailTitle: '提币详情',
  transferTitle: '划转',
  recordsTitle: '资金记录',
  flashTitle: '闪转',
  serviceDeposit: '充币',
  serviceWithdraw: '提币',
  serviceTransfer: '划转',
  serviceAssets: '资产',
  serviceRecords: '资金记录',
  serviceFlash: '闪转',
} satisfies Translation<typeof en>;
