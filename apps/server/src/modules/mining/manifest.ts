import { defineModule } from '../../platform/module';
import { DEMO_MACHINES, DEMO_POOL_BUDGET } from './demo';
import { createMiningRepo } from './repo';
import { miningAdminRoutes, miningRoutes } from './routes';
import { DAY_MS, MINING_RECORD_REASONS, MiningService } from './service';

/** Mining machines (`/pages/mining/*`): models, purchases, daily output into the mining wallet, collection to spot. */
export const miningModule = defineModule({
  name: 'mining',
  provides: ['mining'],
  create(kit) {
    const mining = new MiningService({
      tx: kit.tx,
      clock: kit.clock,
      log: kit.log,
      ledger: kit.use('ledger'),
      repo: createMiningRepo(kit.db),
    });
    kit.use('wallet').describeRecords({
      reasons: MINING_RECORD_REASONS,
      filter: 'product',
      read: (movement, uid, lang) => mining.readRecord(movement, uid, lang),
    });
    return mining;
  },
  routes: miningRoutes,
  operatorRoutes: miningAdminRoutes,
  jobs: (mining) => [
    {
      name: 'daily',
      description: 'Each machine at 00:00 UTC: pay the day that ended if it was fuelled, burn the new day’s fuel',
      everyMs: DAY_MS,
      catchUp: 'every',
      // Synchronous: every machine's output, fuel and progress commit with the slot's record, once.
      run: ({ at }) => {
        mining.settleDay(at);
      },
    },
  ],
  seed(mining, { demoData }) {
    // The demo models and the pool's first budget (funded from the treasury), once: without demo data the operator
    // creates models and moves budget from the console.
    if (demoData) mining.seedDemo(DEMO_MACHINES, DEMO_POOL_BUDGET);
  },
});
