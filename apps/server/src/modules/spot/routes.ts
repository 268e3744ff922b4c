import {
  AssetCategory,
  Depth,
  DepthQuery,
  EmptyData,
  envelope,
  FavoriteBody,
  FavoriteRemoveQuery,
  FavoriteTypeQuery,
  HomeList,
  IdParam,
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
} from '@bourse/contract';
import { z } from 'zod';
import type { AppContext, Router } from '../../app-context';
import { ok } from '../../http/envelope';
import { operatorOf, userOf } from '../../http/types';
import { fastOrderBody } from './fast-body';

const CancelAllBody = z.object({ symbol: MarketSymbol.optional() });
const CancelAllResult = z.object({ cancelled: z.number().int() });
const SymbolParam = z.object({ symbol: MarketSymbol });

export function spotRoutes(app: Router, ctx: AppContext): void {
  const { spot } = ctx;
  const market = ['spot market'];
  const orders = ['spot orders'];
  const favorites = ['favorites'];

  // ---- public market data -------------------------------------------------------------------------------------

  app.get(
    '/api/common/symbolList',
    {
      schema: {
        tags: market,
        summary: 'Every spot market with its 24-hour ticker, in display order',
        response: { 200: envelope(z.array(MarketWithTicker)) },
      },
    },
    async () => ok(spot.symbolList()),
  );

  app.get(
    '/api/common/getSpotSymbol',
    {
      schema: {
        tags: market,
        summary: 'One spot market with its ticker',
        querystring: SymbolQuery,
        response: { 200: envelope(MarketWithTicker) },
      },
    },
    async (request) => ok(spot.symbol(request.query.symbol)),
  );

  app.get(
    '/api/common/hotSymbolList',
    {
      schema: {
        tags: market,
        summary: 'The hot markets (operator flag) with their tickers',
        response: { 200: envelope(z.array(MarketWithTicker)) },
      },
    },
    async () => ok(spot.hotSymbols()),
  );

  app.get(
    '/api/common/assetCateList',
    {
      schema: {
        tags: market,
        summary: 'Market categories with their names in the caller’s language and their symbols',
        response: { 200: envelope(z.array(AssetCategory)) },
      },
    },
    async (request) => ok(spot.categories(request.lang)),
  );

  app.get(
    '/api/common/homeList',
    {
      schema: {
        tags: market,
        summary: 'Home page lists: hot, top gainers, top losers, top volume',
        response: { 200: envelope(HomeList) },
      },
    },
    async () => ok(spot.homeList()),
  );

  app.get(
    '/api/common/getDepth',
    {
      schema: {
        tags: market,
        summary:
          'Order book depth, best first, at an aggregation level (0 tick … 3 = 1000 ticks); `seq` continues on spot-depth',
        querystring: DepthQuery,
        response: { 200: envelope(Depth) },
      },
    },
    async (request) => ok(spot.depth(request.query.symbol, request.query.type, request.query.limit)),
  );

  // ---- orders -------------------------------------------------------------------------------------------------

  app.post(
    '/mapi/spot/neworder',
    {
      schema: {
        tags: orders,
        summary:
          'Place a spot order (limit GTC/IOC/FOK, post-only, market by quantity or by quote amount); answered once it is durable',
        body: NewSpotOrderBody,
        response: { 200: envelope(SpotOrder) },
      },
      // The hot path: a hand-written check of the common shape, zod for everything else (same errors either way).
      validatorCompiler: fastOrderBody,
    },
    async (request) => ok(await spot.placeOrder({ kind: 'user', uid: userOf(request).uid }, request.body)),
  );

  app.get(
    '/mapi/spot/getOnList',
    {
      schema: {
        tags: orders,
        summary: 'My open orders, newest first',
        querystring: OpenOrdersQuery,
        response: { 200: envelope(PagedSpotOrders) },
      },
    },
    async (request) => ok(spot.openOrders(userOf(request).uid, request.query)),
  );

  app.get(
    '/mapi/spot/getOrderList',
    {
      schema: {
        tags: orders,
        summary: 'My finished orders of the last 3 months, newest first',
        querystring: OrderHistoryQuery,
        response: { 200: envelope(PagedSpotOrders) },
      },
    },
    async (request) => ok(spot.orderHistory(userOf(request).uid, request.query)),
  );

  app.get(
    '/mapi/spot/cancel/:id',
    {
      schema: {
        tags: orders,
        summary: 'Cancel one of my open orders; the unfilled rest is unfrozen',
        params: IdParam,
        response: { 200: envelope(SpotOrder) },
      },
    },
    async (request) => ok(await spot.cancelOrder({ kind: 'user', uid: userOf(request).uid }, request.params.id)),
  );

  app.post(
    '/mapi/spot/cancelAll',
    {
      schema: {
        tags: orders,
        summary: 'Cancel all my open orders (in one market if a symbol is given)',
        body: CancelAllBody.optional(),
        response: { 200: envelope(CancelAllResult) },
      },
    },
    async (request) =>
      ok({ cancelled: await spot.cancelAll({ kind: 'user', uid: userOf(request).uid }, request.body?.symbol) }),
  );

  app.get(
    '/mapi/spot/getDetail/:id',
    {
      schema: {
        tags: orders,
        summary: 'One of my orders with its fills',
        params: IdParam,
        response: { 200: envelope(SpotOrderDetail) },
      },
    },
    async (request) => ok(spot.orderDetail(userOf(request).uid, request.params.id)),
  );

  // ---- favourites ---------------------------------------------------------------------------------------------

  app.get(
    '/mapi/favorite/favoriteSymbol',
    {
      schema: {
        tags: favorites,
        summary: 'The symbols I marked as favourites (spot or swap)',
        querystring: FavoriteTypeQuery,
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async (request) => ok(spot.favoriteSymbols(userOf(request).uid, request.query.type)),
  );

  app.get(
    '/mapi/favorite/favoriteList',
    {
      schema: {
        tags: favorites,
        summary: 'My favourite markets with their tickers',
        querystring: FavoriteTypeQuery,
        response: { 200: envelope(z.array(MarketWithTicker)) },
      },
    },
    async (request) => ok(spot.favoriteList(userOf(request).uid, request.query.type)),
  );

  app.post(
    '/mapi/favorite/addFavorite',
    {
      schema: {
        tags: favorites,
        summary: 'Mark a market as favourite',
        body: FavoriteBody,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      spot.addFavorite(userOf(request).uid, request.body.symbol, request.body.type);
      return ok(null);
    },
  );

  app.get(
    '/mapi/favorite/removeFavorite',
    {
      schema: {
        tags: favorites,
        summary: 'Unmark a favourite market',
        querystring: FavoriteRemoveQuery,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      spot.removeFavorite(userOf(request).uid, request.query.symbol, request.query.type);
      return ok(null);
    },
  );

  // ---- operator -----------------------------------------------------------------------------------------------

  const operator = ['operator'];

  app.get(
    '/admin/api/spot/markets',
    {
      schema: { tags: operator, summary: 'Spot markets', response: { 200: envelope(z.array(SpotMarket)) } },
    },
    async () => ok(spot.markets()),
  );

  app.get(
    '/admin/api/spot/stats',
    {
      schema: {
        tags: operator,
        summary: 'Group commit since start: batches committed, commands in them, commands waiting now',
        response: {
          200: envelope(z.object({ batches: z.number().int(), commands: z.number().int(), queued: z.number().int() })),
        },
      },
    },
    async () => ok(spot.commitStats()),
  );

  app.post(
    '/admin/api/spot/markets',
    {
      schema: {
        tags: operator,
        summary: 'Create a spot market (symbol BASE_QUOTE; precisions are fixed afterwards)',
        body: SpotMarketInput,
        response: { 200: envelope(SpotMarket) },
      },
    },
    async (request) => ok(spot.createMarket(request.body, operatorOf(request).operatorId)),
  );

  app.post(
    '/admin/api/spot/markets/:symbol',
    {
      schema: {
        tags: operator,
        summary: 'Change a spot market: fees, limits, status (open/closed), category, hot flag, sort',
        params: SymbolParam,
        body: SpotMarketUpdate,
        response: { 200: envelope(SpotMarket) },
      },
    },
    async (request) => ok(spot.updateMarket(request.params.symbol, request.body, operatorOf(request).operatorId)),
  );
}
