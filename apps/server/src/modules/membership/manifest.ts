import { defineModule } from '../../platform/module';
import { createMembershipRepo } from './repo';
import { membershipAdminRoutes, membershipRoutes } from './routes';
import { MembershipService } from './service';

/** How often the scheduler counts holdings for the levels reached by holding the platform token. */
export const EVALUATE_EVERY_MS = 3_600_000;

/**
 * Membership (product key `membership`): levels with fee discounts (the fees module's discount hook), a box discount
 * (rewards) and a 24-hour withdrawal limit (wallet), reached by holdings (evaluated on the scheduler) or bought.
 */
export const membershipModule = defineModule({
  name: 'membership',
  provides: ['membership'],
  create: (kit) =>
    new MembershipService({
      tx: kit.tx,
      repo: createMembershipRepo(kit.db),
      ledger: kit.use('ledger'),
      account: kit.use('account'),
      fees: kit.use('fees'),
      rewards: kit.use('rewards'),
      wallet: kit.use('wallet'),
      clock: kit.clock,
      log: kit.log,
    }),
  routes: membershipRoutes,
  operatorRoutes: membershipAdminRoutes,
  jobs: (membership) => [
    {
      name: 'holdings',
      description: 'Every hour: count each user’s holdings of the hold asset and set the level they reach',
      everyMs: EVALUATE_EVERY_MS,
      catchUp: 'latest',
      run: ({ at }) => {
        membership.evaluate(at);
      },
    },
  ],
  seed(membership, { demoData }) {
    if (demoData) membership.seedDemo();
  },
});
