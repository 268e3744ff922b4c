import {
  ArrowDownCircleOutline,
  BillOutline,
  PieOutline,
  RedoOutline,
  SendOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { walletLabels } from './labels';
import { walletLocales } from './locales';
import { WALLET_PATHS } from './paths';

/** Assets, deposit, withdraw, transfer between wallets, flash transfer to another user, funding records. */
export const walletFeature: Feature = {
  name: 'wallet',
  labels: walletLabels,
  locales: [walletLocales],
  routes: [
    {
      path: WALLET_PATHS.property,
      page: () => import('./pages/PropertyPage'),
      title: walletLabels.ref('propertyTitle'),
      refreshable: true,
      requiresLogin: true,
    },
    {
      path: WALLET_PATHS.currency,
      page: () => import('./pages/CurrencyPage'),
      title: walletLabels.ref('currencyTitle'),
      requiresLogin: true,
    },
    {
      path: WALLET_PATHS.recharge,
      page: () => import('./pages/RechargePage'),
      title: walletLabels.ref('rechargeTitle'),
      refreshable: true,
      requiresLogin: true,
    },
    {
      path: WALLET_PATHS.withdraw,
      page: () => import('./pages/WithdrawPage'),
      title: walletLabels.ref('withdrawTitle'),
      refreshable: true,
      requiresLogin: true,
    },
    {
      path: WALLET_PATHS.withdrawDetail,
      page: () => import('./pages/WithdrawDetailPage'),
      title: walletLabels.ref('withdrawDetailTitle'),
      requiresLogin: true,
    },
    {
      path: WALLET_PATHS.transfer,
      page: () => import('./pages/TransferPage'),
      title: walletLabels.ref('transferTitle'),
      requiresLogin: true,
    },
    {
      path: WALLET_PATHS.records,
      page: () => import('./pages/RecordsPage'),
      title: walletLabels.ref('recordsTitle'),
      refreshable: true,
      requiresLogin: true,
    },
    {
      path: WALLET_PATHS.flash,
      page: () => import('./pages/FlashPage'),
      title: walletLabels.ref('flashTitle'),
      requiresLogin: true,
    },
  ],
  services: [
    {
      id: 'deposit',
      path: `${WALLET_PATHS.currency}?type=recharge`,
      label: walletLabels.ref('serviceDeposit'),
      icon: ArrowDownCircleOutline,
      group: 'assets',
      home: 1,
    },
    {
      id: 'withdraw',
      path: `${WALLET_PATHS.currency}?type=withdraw`,
      label: walletLabels.ref('serviceWithdraw'),
      icon: UploadOutline,
      group: 'assets',
      home: 2,
    },
    {
      id: 'transfer',
      path: WALLET_PATHS.transfer,
      label: walletLabels.ref('serviceTransfer'),
      icon: RedoOutline,
      group: 'assets',
      home: 3,
    },
    {
      id: 'assets',
      path: WALLET_PATHS.property,
      label: walletLabels.ref('serviceAssets'),
      icon: PieOutline,
      group: 'assets',
      home: 4,
      me: 10,
    },
    {
      id: 'records',
      path: WALLET_PATHS.records,
      label: walletLabels.ref('serviceRecords'),
      icon: BillOutline,
      group: 'assets',
      me: 20,
    },
    {
      id: 'flash',
      path: WALLET_PATHS.flash,
      label: walletLabels.ref('serviceFlash'),
      icon: SendOutline,
      group: 'assets',
      me: 30,
    },
  ],
};
