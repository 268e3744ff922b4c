import { defineModule } from '../../platform/module';
import { listingsAdminRoutes, listingsRoutes } from './routes';
import { createListingsRepo, ListingsService } from './service';

/** Coin-listing applications (`/pages/usreMei/report`) and their review queue in the console. */
export const listingsModule = defineModule({
  name: 'listings',
  create(kit) {
    const listings = new ListingsService({
      tx: kit.tx,
      repo: createListingsRepo(kit.db),
      ledger: kit.use('ledger'),
      account: kit.use('account'),
      clock: kit.clock,
    });
    kit.queues.push({ key: 'listings', permission: 'markets.manage', pending: () => listings.pending() });
    return listings;
  },
  routes: listingsRoutes,
  operatorRoutes: listingsAdminRoutes,
});
