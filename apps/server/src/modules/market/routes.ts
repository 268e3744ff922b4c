import { marketApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import type { MarketService } from './service';
import { serve } from '../../http/routes';

/** Public market data: recent trades, candles, live events. */
export function marketRoutes(app: Router, market: MarketService): void {
  const api = marketApi;
  serve(app, api.historyTrades, ({ query }) =>
    query.type === 'spot' ? market.data.recentTrades(query.symbol, query.limit) : [],
  );
  serve(app, api.kline, ({ query }) => market.data.candles(query.symbol, query.period, query.limit, query.before));
  serve(app, api.events, ({ query }) => market.data.events(query.symbol, query.limit));
}
