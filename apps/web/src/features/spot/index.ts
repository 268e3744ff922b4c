import { FileOutline, HistogramOutline, LoopOutline } from 'antd-mobile-icons';
import type { Feature } from '../../lib/feature';
import { spotLabels } from './labels';
import { tradingLocales } from '../../components/trading/locales';
import { spotLocales } from './locales';
import { SPOT_PATHS } from './paths';

/** Spot markets and trading: the Markets and Trade tabs, the chart, search, orders and their details. */
export const spotFeature: Feature = {
  name: 'spot',
  product: 'spot',
  labels: spotLabels,
  // The trading kit's texts (order book, charts) come with the spot pages.
  locales: [spotLocales, tradingLocales],
  routes: [
    {
      path: SPOT_PATHS.markets,
      page: () => import('./pages/MarketsPage'),
      title: spotLabels.ref('marketsTitle'),
      tab: 'markets',
    },
    { path: SPOT_PATHS.kline, page: () => import('./pages/KlinePage'), title: spotLabels.ref('klineTitle') },
    {
      path: SPOT_PATHS.trade,
      page: () => import('./pages/TradePage'),
      title: spotLabels.ref('tradeTitle'),
      tab: 'trade',
    },
    {
      path: SPOT_PATHS.entrust,
      page: () => import('./pages/EntrustPage'),
      title: spotLabels.ref('entrustTitle'),
      refreshable: true,
      requiresLogin: true,
    },
    {
      path: SPOT_PATHS.entrustDetail,
      page: () => import('./pages/EntrustDetailPage'),
      title: spotLabels.ref('entrustDetailTitle'),
      requiresLogin: true,
    },
    { path: SPOT_PATHS.search, page: () => import('./pages/SearchPage'), title: spotLabels.ref('searchTitle') },
  ],
  services: [
    {
      id: 'markets',
      path: SPOT_PATHS.markets,
      label: spotLabels.ref('serviceMarkets'),
      icon: HistogramOutline,
      group: 'trade',
    },
    {
      id: 'spot',
      path: SPOT_PATHS.trade,
      label: spotLabels.ref('serviceTrade'),
      icon: LoopOutline,
      group: 'trade',
      home: 5,
    },
    {
      id: 'spotOrders',
      path: SPOT_PATHS.entrust,
      label: spotLabels.ref('serviceOrders'),
      icon: FileOutline,
      group: 'trade',
      me: 40,
    },
  ],
  homeSections: [{ id: 'markets', order: 10, load: () => import('./components/HomeMarkets') }],
};
