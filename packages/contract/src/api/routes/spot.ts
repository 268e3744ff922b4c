import { z } from 'zod';
import { EmptyData, IdParam } from '../../schemas/common';
import {
  AssetCategory,
  Depth,
  DepthQuery,
  FavoriteBody,
  FavoriteRemoveQuery,
  FavoriteTypeQuery,
  HomeList,
  MarketSymbol,
  MarketWithTicker,
  NewSpotOrderBody,
  OpenOrdersQuery,
  OrderHistoryQuery,
  PagedSpotOrders,
  SpotMarket,
  SpotMarketInput,
  SpotMarketUpdate,
  SpotOrder,
  SpotOrderDetail,
  SymbolQuery,
} from '../../schemas/spot';
import { operator, PUBLIC, USER } from '../access';
import { route } from '../define';

/** Cancel all the caller's open orders, or only those of one market. */
export const CancelAllBody = z.object({ symbol: MarketSymbol.optional() });
export const CancelAllResult = z.object({ cancelled: z.number().int() });
export type CancelAllResult = z.infer<typeof CancelAllResult>;
export const SymbolParam = z.object({ symbol: MarketSymbol });
/** Group commit since start (spot order batches). */
export const SpotCommitStats = z.object({
  batches: z.number().int(),
  commands: z.number().int(),
  queued: z.number().int(),
});
export type SpotCommitStats = z.infer<typeof SpotCommitStats>;

const market = ['spot market'];
const orders = ['spot orders'];
const favorites = ['favorites'];

/** Public spot market data, the caller's spot orders and their favourite markets. */
export const spotApi = {
  // ---- public market data -------------------------------------------------------------------------------------
  symbolList: route({
    method: 'GET',
    path: '/api/common/symbolList',
    access: PUBLIC,
    tags: market,
    summary: 'Every spot market with its 24-hour ticker, in display order',
    data: z.array(MarketWithTicker),
  }),
  symbol: route({
    method: 'GET',
    path: '/api/common/getSpotSymbol',
    access: PUBLIC,
    tags: market,
    summary: 'One spot market with its ticker',
    query: SymbolQuery,
    data: MarketWithTicker,
  }),
  hotSymbols: route({
    method: 'GET',
    path: '/api/common/hotSymbolList',
    access: PUBLIC,
    tags: market,
    summary: 'The hot markets (operator flag) with their tickers',
    data: z.array(MarketWithTicker),
  }),
  categories: route({
    method: 'GET',
    path: '/api/common/assetCateList',
    access: PUBLIC,
    tags: market,
    summary: 'Market categories with their names in the caller’s language and their symbols',
    data: z.array(AssetCategory),
  }),
  homeList: route({
    method: 'GET',
    path: '/api/common/homeList',
    access: PUBLIC,
    tags: market,
    summary: 'Home page lists: hot, top gainers, top losers, top volume',
    data: HomeList,
  }),
  depth: route({
    method: 'GET',
    path: '/api/common/getDepth',
    access: PUBLIC,
    tags: market,
    summary:
      'Order book depth, best first, at an aggregation level (0 tick … 3 = 1000 ticks); `seq` continues on spot-depth',
    query: DepthQuery,
    data: Depth,
  }),

  // ---- orders -------------------------------------------------------------------------------------------------
  newOrder: route({
    method: 'POST',
    path: '/mapi/spot/neworder',
    access: USER,
    movesMoney: { requestId: 'clientOrderId' },
    product: 'spot',
    tags: orders,
    summary:
      'Place a spot order (limit GTC/IOC/FOK, post-only, market by quantity or by quote amount); answered once it is durable',
    body: NewSpotOrderBody,
    data: SpotOrder,
  }),
  openOrders: route({
    method: 'GET',
    path: '/mapi/spot/getOnList',
    access: USER,
    product: 'spot',
    tags: orders,
    summary: 'My open orders, newest first',
    query: OpenOrdersQuery,
    data: PagedSpotOrders,
  }),
  orderHistory: route({
    method: 'GET',
    path: '/mapi/spot/getOrderList',
    access: USER,
    product: 'spot',
    tags: orders,
    summary: 'My finished orders of the last 3 months, newest first',
    query: OrderHistoryQuery,
    data: PagedSpotOrders,
  }),
  cancel: route({
    method: 'GET',
    path: '/mapi/spot/cancel/:id',
    access: USER,
    product: 'spot',
    tags: orders,
    summary: 'Cancel one of my open orders; the unfilled rest is unfrozen',
    params: IdParam,
    data: SpotOrder,
  }),
  cancelAll: route({
    method: 'POST',
    path: '/mapi/spot/cancelAll',
    access: USER,
    product: 'spot',
    tags: orders,
    summary: 'Cancel all my open orders (in one market if a symbol is given)',
    body: CancelAllBody.optional(),
    data: CancelAllResult,
  }),
  orderDetail: route({
    method: 'GET',
    path: '/mapi/spot/getDetail/:id',
    access: USER,
    product: 'spot',
    tags: orders,
    summary: 'One of my orders with its fills',
    params: IdParam,
    data: SpotOrderDetail,
  }),

  // ---- favourites ---------------------------------------------------------------------------------------------
  favoriteSymbols: route({
    method: 'GET',
    path: '/mapi/favorite/favoriteSymbol',
    access: USER,
    tags: favorites,
    summary: 'The symbols I marked as favourites (spot or swap)',
    query: FavoriteTypeQuery,
    data: z.array(z.string()),
  }),
  favoriteList: route({
    method: 'GET',
    path: '/mapi/favorite/favoriteList',
    access: USER,
    tags: favorites,
    summary: 'My favourite markets with their tickers',
    query: FavoriteTypeQuery,
    data: z.array(MarketWithTicker),
  }),
  addFavorite: route({
    method: 'POST',
    path: '/mapi/favorite/addFavorite',
    access: USER,
    tags: favorites,
    summary: 'Mark a market as favourite',
    body: FavoriteBody,
    data: EmptyData,
  }),
  removeFavorite: route({
    method: 'GET',
    path: '/mapi/favorite/removeFavorite',
    access: USER,
    tags: favorites,
    summary: 'Unmark a favourite market',
    query: FavoriteRemoveQuery,
    data: EmptyData,
  }),
} as const;

const adminTags = ['operator: spot'];

/** The operator's side of spot: markets and their rules, group-commit counters. */
export const spotAdminApi = {
  markets: route({
    method: 'GET',
    path: '/admin/api/spot/markets',
    access: operator('markets.manage'),
    tags: adminTags,
    summary: 'Spot markets',
    data: z.array(SpotMarket),
  }),
  stats: route({
    method: 'GET',
    path: '/admin/api/spot/stats',
    access: operator('markets.manage'),
    tags: adminTags,
    summary: 'Group commit since start: batches committed, commands in them, commands waiting now',
    data: SpotCommitStats,
  }),
  createMarket: route({
    method: 'POST',
    path: '/admin/api/spot/markets',
    access: operator('markets.manage'),
    tags: adminTags,
    summary: 'Create a spot market (symbol BASE_QUOTE; precisions are fixed afterwards)',
    body: SpotMarketInput,
    data: SpotMarket,
  }),
  updateMarket: route({
    method: 'POST',
    path: '/admin/api/spot/markets/:symbol',
    access: operator('markets.manage'),
    tags: adminTags,
    summary: 'Change a spot market: fees, limits, status (open/closed), category, hot flag, sort',
    params: SymbolParam,
    body: SpotMarketUpdate,
    data: SpotMarket,
  }),
} as const;
