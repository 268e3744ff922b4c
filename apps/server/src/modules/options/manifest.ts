import { z } from 'zod';
import { readEnv } from '../../lib/env';
import { defineModule } from '../../platform/module';
import { INDEX_SCALE } from '../market';
import { DEMO_OPTION_PAIRS, DEMO_OPTION_PERIODS } from './demo';
import { createOptionsRepo } from './repo';
import { optionsAdminRoutes, optionsRoutes } from './routes';
import { type OptionsSettings, OptionsService } from './service';

const Env = z.object({
  OPTIONS_SERIES_DAYS: z.coerce.number().int().min(1).max(3660).default(3),
});

/**
 * Up/down options (modules/options/README.md): rounds per pair and period, settled from the public 1-second index
 * series through the `options_pool` system account.
 */
export const optionsModule = defineModule({
  name: 'options',
  provides: ['options'],
  config: (env): OptionsSettings => ({ seriesDays: readEnv(Env, env).OPTIONS_SERIES_DAYS }),
  create(kit) {
    const market = kit.use('market');
    return new OptionsService(
      {
        repo: createOptionsRepo(kit.db),
        tx: kit.tx,
        clock: kit.clock,
        log: kit.log,
        hub: kit.hub,
        ledger: kit.use('ledger'),
        markets: kit.use('spot'),
        // The market module's index (simulator or ccxt), 8 decimals.
        index: {
          read(symbol) {
            const index = market.indexPrice(symbol);
            return index ? { price: index.price, scale: INDEX_SCALE, ts: index.ts, source: market.prices.name } : null;
          },
        },
      },
      kit.config.options,
    );
  },
  routes: optionsRoutes,
  operatorRoutes: optionsAdminRoutes,
  channels(options, hub) {
    hub.register(options.tickerChannel());
    hub.register(options.klineChannel());
  },
  // The series each second, the rounds each second (open, settle, record), pruning hourly.
  jobs: (options) => options.jobs(),
  seed(options) {
    // The product's terms are configuration a fresh install needs (like the spot markets); the operator changes them.
    options.seedDefaults(DEMO_OPTION_PAIRS, DEMO_OPTION_PERIODS);
  },
});
