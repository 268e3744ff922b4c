import { BankcardOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { LOAN_PATHS } from './api';
import { loansLabels } from './labels';
import { loansLocales } from './locales';

/** Crypto loans: borrow against collateral, the user's loans (product `loans`). */
export const loansFeature: Feature = {
  name: 'loans',
  product: 'loans',
  labels: loansLabels,
  locales: [loansLocales],
  routes: [
    { path: LOAN_PATHS.borrow, page: () => import('./pages/BorrowPage'), title: loansLabels.ref('borrowTitle') },
    {
      path: LOAN_PATHS.loans,
      page: () => import('./pages/LoansPage'),
      title: loansLabels.ref('loansTitle'),
      refreshable: true,
      requiresLogin: true,
    },
  ],
  services: [
    { id: 'loans', path: LOAN_PATHS.borrow, label: loansLabels.ref('service'), icon: BankcardOutline, group: 'assets' },
  ],
};
