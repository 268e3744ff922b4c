import { z } from 'zod';
import { envBool, envDecimal, envJson, readEnv } from '../../lib/env';
import { defineModule } from '../../platform/module';
import { registerMarketChannels } from './channels';
import { marketRoutes } from './routes';
import type { MarketSettings } from './service';
import { createMarketService } from './wiring';

const Env = z.object({
  DEMO_DATA: envBool.default(true),
  PRICE_SOURCE: z.enum(['simulator', 'ccxt']).default('simulator'),
  PRICE_SEED: z.string().min(1).default('bourse'),
  PRICE_START: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = z.record(z.string(), envDecimal).safeParse(v ? envJson(v) : {});
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'PRICE_START must be JSON like {"BTC_USDT":"65000"}' });
      return z.NEVER;
    }),
  PRICE_STEP_MS: z.coerce.number().int().min(10).default(1000),
  CCXT_EXCHANGE: z.string().min(1).default('binance'),
  CCXT_POLL_MS: z.coerce.number().int().min(1000).default(5000),
  MARKET_MAKERS: z.enum(['on', 'off', '1', '0', 'true', 'false', 'yes', 'no']).optional(),
  MARKET_MAKER_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  MARKET_MAKER_TAKES_PER_MINUTE: z.coerce.number().min(0).max(6000).default(12),
  MARKET_BACKFILL_DAYS: z.coerce.number().int().min(0).max(366).default(30),
  MARKET_HISTORY_DAYS: z.coerce.number().int().min(0).max(3660).default(365),
  MARKET_EVENT_MOVE_5M: envDecimal.default('1'),
  MARKET_EVENT_ABNORMAL_1M: envDecimal.default('2'),
  MARKET_EVENT_LARGE_TRADE: envDecimal.optional(),
  MARKET_EVENT_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(300),
  MARKET_PUBLISH_MS: z.coerce.number().int().min(50).default(1000),
});

/** Index prices, candles, tickers, live market events and the market makers (modules/market/README.md). */
export const marketModule = defineModule({
  name: 'market',
  config: (env): MarketSettings => {
    const e = readEnv(Env, env);
    return {
      priceSource: e.PRICE_SOURCE,
      seed: e.PRICE_SEED,
      startPrices: e.PRICE_START,
      stepMs: e.PRICE_STEP_MS,
      ccxt: { exchange: e.CCXT_EXCHANGE, pollMs: e.CCXT_POLL_MS },
      makers: {
        // On with the demo data unless told otherwise: a fresh install is a live market, tests are quiet.
        enabled: e.MARKET_MAKERS === undefined ? e.DEMO_DATA : ['on', '1', 'true', 'yes'].includes(e.MARKET_MAKERS),
        intervalMs: e.MARKET_MAKER_INTERVAL_MS,
        takesPerMinute: e.MARKET_MAKER_TAKES_PER_MINUTE,
      },
      history: { minuteDays: e.MARKET_BACKFILL_DAYS, hourDays: e.MARKET_HISTORY_DAYS },
      events: {
        move5mPercent: e.MARKET_EVENT_MOVE_5M,
        abnormal1mPercent: e.MARKET_EVENT_ABNORMAL_1M,
        largeTradeQuote: e.MARKET_EVENT_LARGE_TRADE,
        cooldownMs: e.MARKET_EVENT_COOLDOWN_SECONDS * 1000,
      },
      publishMs: e.MARKET_PUBLISH_MS,
    };
  },
  create: (kit) =>
    createMarketService(
      {
        db: kit.db,
        tx: kit.tx,
        clock: kit.clock,
        log: kit.log,
        hub: kit.hub,
        ledger: kit.use('ledger'),
        spot: kit.use('spot'),
      },
      kit.config.market,
    ),
  routes: marketRoutes,
  channels: (market, hub) => registerMarketChannels(market.data, hub),
  // Price steps or polls, candle flushes, publishing, candle closes, new markets, the market makers' rounds.
  jobs: (market) => market.jobs(),
  // Prices, the market makers' funding and the first-start chart history (written in the background).
  start: (market) => market.start(),
  stop: (market) => market.close(),
});
