/** English: the source of the keys (namespace `walletLabels`). */
export default {
  propertyTitle: 'Assets',
  currencyTitle: 'Select coin',
  rechargeTitle: 'Deposit',
  withdrawTitle: 'Withdraw',
  withdrawDetailTitle: 'Withdrawal details',
  transferTitle: 'Transfer',
  recordsTitle: 'Funding records',
  flashTitle: 'Flash transfer',
  serviceDeposit: 'Deposit',
  serviceWithdraw: 'Withdraw',
  serviceTransfer: 'Transfer',
  serviceAssets: 'Assets',
  serviceRecords: 'Funding records',
  serviceFlash: 'Flash transfer',
};
