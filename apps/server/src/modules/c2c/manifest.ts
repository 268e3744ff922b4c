import { defineModule } from '../../platform/module';
import { INDEX_SCALE } from '../market';
import { c2cActivity } from './activity';
import { seedC2CDemo } from './demo';
import { createC2CRepo } from './repo';
import { c2cAdminRoutes, c2cRoutes } from './routes';
import { C2CService } from './service';

/** C2C fiat trading (product key `c2c`): merchants, ads, orders with an escrow hold, chat, appeals (README.md). */
export const c2cModule = defineModule({
  name: 'c2c',
  provides: ['c2c'],
  create(kit) {
    const market = kit.use('market');
    const c2c = new C2CService({
      tx: kit.tx,
      repo: createC2CRepo(kit.db),
      clock: kit.clock,
      log: kit.log,
      hub: kit.hub,
      notifier: kit.notifier,
      files: kit.uploads,
      ledger: kit.use('ledger'),
      account: kit.use('account'),
      security: kit.use('security'),
      indexUsdt(asset) {
        if (asset === 'USDT') return 10n ** BigInt(INDEX_SCALE);
        return market.indexPrice(`${asset}_USDT`)?.price ?? null;
      },
    });
    kit.queues.push({ key: 'c2c-merchants', permission: 'c2c.arbitrate', pending: () => c2c.pendingMerchants() });
    kit.queues.push({ key: 'c2c-appeals', permission: 'c2c.arbitrate', pending: () => c2c.openAppeals() });
    kit.activity.push(c2cActivity(kit.db));
    return c2c;
  },
  routes: c2cRoutes,
  operatorRoutes: c2cAdminRoutes,
  channels: (_c2c, hub) => hub.register({ name: 'c2c', private: true }),
  jobs: (c2c) => [
    {
      name: 'deadlines',
      description:
        'C2C: orders past their deadline move on — unpaid → timed out, paid → appeal, timed out → cancelled (escrow back)',
      everyMs: 5_000,
      catchUp: 'latest',
      run: (slot) => {
        c2c.runDeadlines(slot.now);
      },
    },
    {
      name: 'bots',
      description: 'C2C demo merchants: release orders marked paid, pay what they bought, restock their sell ads',
      everyMs: 5_000,
      catchUp: 'latest',
      run: () => {
        c2c.runBots();
        c2c.restockBots();
      },
    },
  ],
  async seed(c2c, { demoData }) {
    if (demoData) await seedC2CDemo(c2c);
  },
});
