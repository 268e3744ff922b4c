import { defineModule } from '../../platform/module';
import { DEMO_LEADERS } from './demo';
import { createCopyRepo } from './repo';
import { copyAdminRoutes, copyRoutes } from './routes';
import { CopyService } from './service';

/**
 * Copy trading (product key `copy`; modules/copy/README.md, docs/copy-trading.md): leaders approved by operators,
 * followers whose copies follow the leader's perpetual fills, profit share with a high-water mark and the compensate
 * mode's escrow. Uses the perp module only through its service API (fills, settings changes, service orders).
 */
export const copyModule = defineModule({
  name: 'copy',
  provides: ['copy'],
  create(kit) {
    const copy = new CopyService({
      tx: kit.tx,
      repo: createCopyRepo(kit.db),
      ledger: kit.use('ledger'),
      perp: kit.use('perp'),
      account: kit.use('account'),
      clock: kit.clock,
      log: kit.log,
    });
    kit.queues.push({
      key: 'copy-applications',
      permission: 'products.manage',
      pending: () => copy.pendingApplications(),
    });
    return copy;
  },
  routes: copyRoutes,
  operatorRoutes: copyAdminRoutes,
  jobs: (copy) => copy.jobs(),
  async seed(copy, { demoData }) {
    if (!demoData) return;
    for (const leader of DEMO_LEADERS) {
      await copy.ensureDemoLeader({ ...leader, symbols: [...leader.symbols], settings: { ...leader.settings } });
    }
  },
});
