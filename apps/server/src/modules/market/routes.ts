import {
  Candle,
  envelope,
  HistoryTradesQuery,
  KlineQuery,
  MarketEvent,
  MarketEventsQuery,
  PublicTrade,
} from '@bourse/contract';
import { z } from 'zod';
import type { AppContext, Router } from '../../app-context';
import { ok } from '../../http/envelope';

export function marketRoutes(app: Router, ctx: AppContext): void {
  const { market } = ctx;
  const tags = ['market data'];

  app.get(
    '/api/common/getHistoryOrder',
    {
      schema: {
        tags,
        summary: 'Recent public trades of a market, newest first (type spot; perpetual contracts come later)',
        querystring: HistoryTradesQuery,
        response: { 200: envelope(z.array(PublicTrade)) },
      },
    },
    async (request) => {
      const { symbol, type, limit } = request.query;
      return ok(type === 'spot' ? market.data.recentTrades(symbol, limit) : []);
    },
  );

  app.get(
    '/api/common/kline',
    {
      schema: {
        tags,
        summary:
          'Candles of a market, oldest first: `limit` periods up to now (or before `before`); periods without trades are flat at the previous close',
        querystring: KlineQuery,
        response: { 200: envelope(z.array(Candle)) },
      },
    },
    async (request) => {
      const { symbol, period, before, limit } = request.query;
      return ok(market.data.candles(symbol, period, limit, before));
    },
  );

  app.get(
    '/api/common/marketEvents',
    {
      schema: {
        tags,
        summary: 'Live events (5-minute gain/decline, large buy/sell, abnormal gain/decline), newest first',
        querystring: MarketEventsQuery,
        response: { 200: envelope(z.array(MarketEvent)) },
      },
    },
    async (request) => ok(market.data.events(request.query.symbol, request.query.limit)),
  );
}
