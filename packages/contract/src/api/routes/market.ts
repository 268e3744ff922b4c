import { z } from 'zod';
import {
  Candle,
  HistoryTradesQuery,
  KlineQuery,
  MarketEvent,
  MarketEventsQuery,
  PublicTrade,
} from '../../schemas/spot';
import { PUBLIC } from '../access';
import { route } from '../define';

const tags = ['market data'];

/** Public market data: recent trades, candles, live events. */
export const marketApi = {
  historyTrades: route({
    method: 'GET',
    path: '/api/common/getHistoryOrder',
    access: PUBLIC,
    tags,
    summary: 'Recent public trades of a market, newest first (type spot, or swap for a perpetual contract)',
    query: HistoryTradesQuery,
    data: z.array(PublicTrade),
  }),
  kline: route({
    method: 'GET',
    path: '/api/common/kline',
    access: PUBLIC,
    tags,
    summary:
      'Candles of a market, oldest first: `limit` periods up to now (or before `before`); periods without trades are flat at the previous close',
    query: KlineQuery,
    data: z.array(Candle),
  }),
  events: route({
    method: 'GET',
    path: '/api/common/marketEvents',
    access: PUBLIC,
    tags,
    summary: 'Live events (5-minute gain/decline, large buy/sell, abnormal gain/decline), newest first',
    query: MarketEventsQuery,
    data: z.array(MarketEvent),
  }),
} as const;
