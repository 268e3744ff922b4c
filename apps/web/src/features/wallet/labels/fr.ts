import type { Translation } from '../../../lib/i18n';
import type en from './en';

/** fr: the same keys as English (namespace `walletLabels`). */
export default {
  propertyTitle: 'Actifs',
  currencyTitle: 'Choisir une crypto',
  rechargeTitle: 'Dépôt',
  withdrawTitle: 'Retrait',
  withdrawDetailTitle: 'Détail du retrait',
  transferTitle: 'Transfert',
  recordsTitle: 'Historique des fonds',
  flashTitle: 'Transfert instantané',
  serviceDeposit: 'Déposer',
  serviceWithdraw: 'Retirer',
  serviceTransfer: 'Transférer',
  serviceAssets: 'Actifs',
  serviceRecords: 'Historique des fonds',
  serviceFlash: 'Envoi instantané',
} satisfies Translation<typeof en>;
