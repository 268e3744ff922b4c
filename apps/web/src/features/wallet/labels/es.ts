import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** es: the same keys as English (namespace `walletLabels`). */
export default {
  propertyTitle: 'Activos',
  currencyTitle: 'Elegir moneda',
  rechargeTitle: 'Depositar',
  withdrawTitle: 'Retirar',
  withdrawDetailTitle: 'Detalle del retiro',
  transferTitle: 'Transferir',
  recordsTitle: 'Historial de fondos',
  flashTitle: 'Transferencia instantánea',
  serviceDeposit: 'Depositar',
  serviceWithdraw: 'Retirar',
  serviceTransfer: 'Transferir',
  serviceAssets: 'Activos',
  serviceRecords: 'Historial de fondos',
  serviceFlash: 'Envío instantáneo',
} satisfies Translation<typeof en>;
