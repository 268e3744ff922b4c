import { DEMO_ACCOUNT } from '../account';
import { defineModule } from '../../platform/module';
import { seedSubscriptionDemo } from './demo';
import { createSubscriptionRepo } from './repo';
import { subscriptionAdminRoutes, subscriptionRoutes } from './routes';
import { SubscriptionService } from './service';

/** New-coin subscription (product key `subscription`): commit in a window, allocation pro rata when it ends. */
export const subscriptionModule = defineModule({
  name: 'subscription',
  provides: ['subscription'],
  create: (kit) =>
    new SubscriptionService({
      tx: kit.tx,
      repo: createSubscriptionRepo(kit.db),
      ledger: kit.use('ledger'),
      wallet: kit.use('wallet'),
      spot: kit.use('spot'),
      clock: kit.clock,
      log: kit.log,
    }),
  routes: subscriptionRoutes,
  operatorRoutes: subscriptionAdminRoutes,
  jobs: (subscription) => [
    {
      name: 'settle',
      description: 'New-coin subscription: allocates and settles the projects whose window has ended',
      everyMs: 60_000,
      // The work is whatever windows have ended by now: after downtime one run settles them all.
      catchUp: 'latest',
      run: (slot) => {
        subscription.settleDue(slot.at, slot.now);
      },
    },
  ],
  seed(subscription, { demoData, use }) {
    if (!demoData) return;
    const demo = use('account').findByAccount(DEMO_ACCOUNT.account);
    seedSubscriptionDemo(subscription, subscription.now(), demo?.uid ?? null);
  },
});
