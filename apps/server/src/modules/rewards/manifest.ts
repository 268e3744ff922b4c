import { defineModule } from '../../platform/module';
import { seedRewardsDemo } from './demo';
import { createRewardsRepo } from './repo';
import { rewardsAdminRoutes, rewardsRoutes } from './routes';
import { RewardsService } from './service';

/**
 * Rewards (product key `rewards`): the reward pool, daily check-in, the provably fair mystery box, invitations with
 * rebates from invitees' trading fees (the fees module's `onCharged`) and the partner data. Rewards land in the
 * gold wallet.
 */
export const rewardsModule = defineModule({
  name: 'rewards',
  provides: ['rewards'],
  create: (kit) =>
    new RewardsService({
      tx: kit.tx,
      repo: createRewardsRepo(kit.db),
      ledger: kit.use('ledger'),
      account: kit.use('account'),
      fees: kit.use('fees'),
      security: kit.use('security'),
      clock: kit.clock,
      log: kit.log,
    }),
  routes: rewardsRoutes,
  operatorRoutes: rewardsAdminRoutes,
  seed(rewards, { demoData }) {
    if (!demoData) return;
    seedRewardsDemo(rewards);
  },
});
