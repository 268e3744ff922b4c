import { z } from 'zod';
import { readEnv } from '../../lib/env';
import { DEMO_ACCOUNT } from '../account';
import { user } from '../ledger';
import { defineModule } from '../../platform/module';
import { INDEX_SCALE } from '../market';
import { optionsActivity } from './activity';
import { DEMO_OPTION_PAIRS, DEMO_OPTION_PERIODS, DEMO_OPTIONS_FUNDS } from './demo';
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
    kit.activity.push(optionsActivity(kit.db));
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
  seed(options, { demoData, use }) {
    // The product's terms are configuration a fresh install needs (like the spot markets); the operator changes them.
    options.seedDefaults(DEMO_OPTION_PAIRS, DEMO_OPTION_PERIODS);
    if (!demoData) return;
    // The demo account can bet at once: part of its (deposited) spot USDT moved to the options wallet, the way a
    // trader does it. The options pool is every bet's counterparty, so no bots are needed to play alone.
    const demo = use('account').findByAccount(DEMO_ACCOUNT.account);
    const { asset, amount } = DEMO_OPTIONS_FUNDS;
    const ledger = use('ledger');
    if (!demo || !ledger.hasAsset(asset)) return;
    // Once: not again when the demo account has bet or still holds options funds.
    const held = ledger.balance(user(demo.uid, 'options', asset));
    if (held.available + held.frozen > 0n || options.history(demo.uid, { page: 1, size: 1 }).total > 0) return;
    if (ledger.balance(user(demo.uid, 'spot', asset)).available < ledger.parseAmount(asset, amount)) return;
    use('wallet').transfer(demo.uid, { asset, from: 'spot', to: 'options', amount });
  },
});
