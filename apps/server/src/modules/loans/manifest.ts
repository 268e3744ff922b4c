import { defineModule } from '../../platform/module';
import { INDEX_SCALE } from '../market';
import { DEMO_LOAN_ASSETS, DEMO_LOAN_BOOK, DEMO_LOAN_COLLATERAL } from './demo';
import { createLoansRepo } from './repo';
import { loansAdminRoutes, loansRoutes } from './routes';
import { LOAN_LIQUIDATOR, LOAN_RECORD_REASONS, LoansService, MINUTE_MS } from './service';

/** Crypto loans (`/pages/lending/*`, product key `loans`): borrow against collateral, interest by the minute. */
export const loansModule = defineModule({
  name: 'loans',
  provides: ['loans'],
  create(kit) {
    const market = kit.use('market');
    const spot = kit.use('spot');
    const account = kit.use('account');
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
      // Liquidations sell into the spot book through the spot service (one batch command with their settlement).
      book: {
        market(symbol) {
          const m = spot.markets().find((x) => x.symbol === symbol);
          return m && m.status === 'open' ? { tickSize: m.tickSize, stepSize: m.stepSize } : null;
        },
        sell: (order, around) => spot.placeOrderWithin(spot.systemOwner(LOAN_LIQUIDATOR), order, around),
      },
      testIndex: kit.config.testClock,
      // Margin calls by mail through the platform notifier, to the user's bound email.
      mail: {
        to: (uid) => account.getUser(uid)?.email ?? null,
        send: (message) => kit.notifier.send(message),
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
      // The minute's interest and margin calls commit with the slot; then the liquidations it started are sold
      // into the spot book (each in one spot batch with its settlement; one that fails waits for the next minute).
      runAsync: async (slot) => {
        slot.commit(() => {
          loans.accrue(slot.at);
          loans.watch();
        });
        await loans.liquidatePending();
      },
    },
  ],
  seed(loans, { demoData }) {
    if (demoData) loans.seedDemo(DEMO_LOAN_ASSETS, DEMO_LOAN_COLLATERAL, DEMO_LOAN_BOOK);
  },
});
