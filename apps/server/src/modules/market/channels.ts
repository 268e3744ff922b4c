import {
  type KlineFrame,
  type KlineListFrame,
  KlinePeriod,
  MarketSymbol,
  type SpotTickerFrame,
} from '@bourse/contract';
import { z } from 'zod';
import type { Hub } from '../../ws/hub';
import type { MarketData } from './market-data';

const RECENT_TRADES_IN_SNAPSHOT = 30;

/**
 * The public market-data channels (spec §7), each with a snapshot on subscribe:
 * - `ticker`: every ticker that changed and the new live events, at most once per publish interval;
 * - `spot-ticker` {symbol}: the ticker and the trades, as soon as a trade batch is committed;
 * - `kline` {period}: every market's current candle of that period (an array of KlineFrame), throttled;
 * - `spot-kline` {symbol, period}: that market's current candle each time it changes (topic `BTC_USDT:1m`).
 */
export function registerMarketChannels(data: MarketData, hub: Hub): void {
  hub.register({ name: 'ticker', snapshot: () => data.tickerSnapshot() });

  hub.register({
    name: 'spot-ticker',
    params: z.object({ symbol: MarketSymbol }),
    topic: ({ symbol }) => symbol,
    snapshot: ({ symbol }): SpotTickerFrame | undefined => {
      if (!data.hasMarket(symbol)) return undefined;
      return { ticker: data.ticker(symbol), trades: data.recentTrades(symbol, RECENT_TRADES_IN_SNAPSHOT) };
    },
  });

  hub.register({
    name: 'kline',
    params: z.object({ period: KlinePeriod }),
    topic: ({ period }) => period,
    snapshot: ({ period }): KlineListFrame => data.klineSnapshot(period),
  });

  hub.register({
    name: 'spot-kline',
    params: z.object({ symbol: MarketSymbol, period: KlinePeriod }),
    topic: ({ symbol, period }) => `${symbol}:${period}`,
    snapshot: ({ symbol, period }): KlineFrame | undefined => {
      if (!data.hasMarket(symbol)) return undefined;
      const candle = data.currentCandle(symbol, period);
      return candle ? { symbol, period, candle } : undefined;
    },
  });
}
