import { AlertOutlined, DollarOutlined, FundOutlined, SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import type { ConsoleFeature } from '../../lib/registry';
import { futuresLocales } from './locales';

/** Perpetual contracts: contracts and risk tiers, open positions, liquidations and ADL, funding, the insurance fund. */
export const futuresFeature: ConsoleFeature = {
  name: 'futures',
  locales: futuresLocales,
  pages: [
    {
      path: '/futures/contracts',
      permission: 'markets.manage',
      title: futuresLocales.ref('contractsTitle'),
      page: () => import('./pages/ContractsPage'),
      menu: { section: 'markets', order: 15, icon: FundOutlined },
    },
    {
      path: '/futures/positions',
      // The risk desk's page (its calls need users.read too, which every role with markets.manage holds).
      permission: 'markets.manage',
      title: futuresLocales.ref('positionsTitle'),
      page: () => import('./pages/PositionsPage'),
      menu: { section: 'markets', order: 16, icon: TeamOutlined },
    },
    {
      path: '/futures/risk',
      permission: 'markets.manage',
      title: futuresLocales.ref('riskTitle'),
      page: () => import('./pages/RiskPage'),
      menu: { section: 'markets', order: 17, icon: AlertOutlined },
    },
    {
      path: '/futures/funding',
      permission: 'markets.manage',
      title: futuresLocales.ref('fundingTitle'),
      page: () => import('./pages/FundingPage'),
      menu: { section: 'markets', order: 18, icon: DollarOutlined },
    },
    {
      path: '/futures/insurance',
      permission: 'ledger.read',
      title: futuresLocales.ref('insuranceTitle'),
      page: () => import('./pages/InsurancePage'),
      menu: { section: 'finance', order: 35, icon: SafetyOutlined },
    },
  ],
};
