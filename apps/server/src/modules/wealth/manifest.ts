import { DEMO_ACCOUNT } from '../account';
import { defineModule } from '../../platform/module';
import { DAY_MS } from './accrual';
import { seedWealthDemo, seedWealthProducts } from './demo';
import { createWealthRepo } from './repo';
import { wealthAdminRoutes, wealthRoutes } from './routes';
import { WealthService } from './service';

/** Wealth products (product key `earn`): flexible and fixed-term, daily returns from `interest_expense`. */
export const wealthModule = defineModule({
  name: 'wealth',
  provides: ['earn'],
  create: (kit) =>
    new WealthService({
      tx: kit.tx,
      repo: createWealthRepo(kit.db),
      ledger: kit.use('ledger'),
      wallet: kit.use('wallet'),
      clock: kit.clock,
      log: kit.log,
    }),
  routes: wealthRoutes,
  operatorRoutes: wealthAdminRoutes,
  jobs: (wealth) => [
    {
      name: 'accrue',
      description: 'Wealth: pays each open holding the accrual day that ended (00:00 UTC), releases matured terms',
      everyMs: DAY_MS,
      catchUp: 'every',
      // Each missed day is its own slot, paid once and in order after downtime.
      run: (slot) => {
        wealth.accrue(slot.at, slot.now);
      },
    },
  ],
  seed(wealth, { demoData, use }) {
    if (!demoData) return;
    seedWealthProducts(wealth);
    const demo = use('account').findByAccount(DEMO_ACCOUNT.account);
    if (demo) seedWealthDemo(wealth, demo.uid);
  },
});
