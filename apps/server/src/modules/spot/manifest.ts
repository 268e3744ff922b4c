import { defineModule } from '../../platform/module';
import { DEFAULT_MARKETS } from './markets-default';
import { spotAdminRoutes, spotRoutes } from './routes';
import { SpotService } from './service';

/** Spot markets, the order books, placement with freeze–match–settle, orders and trades, favourites. */
export const spotModule = defineModule({
  name: 'spot',
  provides: ['spot'],
  create(kit) {
    const spot = new SpotService({
      db: kit.db,
      tx: kit.tx,
      clock: kit.clock,
      log: kit.log,
      ledger: kit.use('ledger'),
      hub: kit.hub,
      fees: kit.use('fees'),
    });
    // Balances are valued at spot prices.
    kit.use('wallet').usePriceSource(spot);
    kit.activity.push({ product: 'spot', since: (at) => spot.activitySince(at) });
    return spot;
  },
  routes: spotRoutes,
  operatorRoutes: spotAdminRoutes,
  channels(spot, hub) {
    hub.register(spot.depthChannel());
    hub.register(spot.entrustChannel());
    hub.register(spot.historyChannel());
  },
  seed(spot) {
    // Spot markets are configuration as well; the operator changes them later.
    if (spot.markets().length === 0) for (const market of DEFAULT_MARKETS) spot.createMarket(market);
  },
});
