import { defineModule } from '../../platform/module';
import { INDEX_SCALE } from '../market';
import { DEMO_LOAN_ASSETS, DEMO_LOAN_BOOK, DEMO_LOAN_COLLATERAL } from './demo';
import { createLoansRepo } from './repo';
import { loansAdminRoutes, loansRoutes } from './routes';
import { LOAN_RECORD_REASONS, LoansService, MINUTE_MS } from './service';

/** Crypto loans (`/pages/lending/*`, product key `loans`): borrow against collateral, interest by the minute. */
export const loansModule = defineModule({
  name: 'loans',
  provides: ['loans'],
  create(kit) {
    const market = kit.use('market');
    const loans = new LoansService({
      tx: kit.tx,
      clock: kit.clock,
      log: kit.log,
      hub: kit.hub,
      ledger: kit.use('ledger'),
      repo: createLoansRepo(kit.db),
      // USDT per coin at 10^-8 from the market module's index (USDT is 1).
      prices: {
        usdt(asset) {
          if (asset === 'USDT') return 10n ** BigInt(INDEX_SCALE);
          return market.indexPrice(`${asset}_USDT`)?.price ?? null;
        },
      },
    });
    kit.use('wallet').describeRecords({
      reasons: LOAN_RECORD_REASONS,
      filter: 'product',
      read: (movement, uid, lang) => loans.readRecord(movement, uid, lang),
    });
    return loans;
  },
  routes: loansRoutes,
  operatorRoutes: loansAdminRoutes,
  channels: (loans, hub) => hub.register(loans.channel()),
  jobs: (loans) => [
    {
      name: 'accrue',
      description: 'Loans: each whole minute of interest on every open loan, then margin calls and liquidations',
      everyMs: MINUTE_MS,
      catchUp: 'every',
      run: ({ at }) => {
        loans.accrue(at);
        loans.watch();
      },
    },
  ],
  seed(loans, { demoData }) {
    if (demoData) loans.seedDemo(DEMO_LOAN_ASSETS, DEMO_LOAN_COLLATERAL, DEMO_LOAN_BOOK);
  },
});
