import { DEMO_ACCOUNT } from '../account';
import { defineModule } from '../../platform/module';
import { walletAdminRoutes } from './admin-routes';
import { seedWalletDemo } from './demo';
import { createWalletRepo } from './repo';
import { walletRoutes } from './routes';
import { WalletService } from './service';

/** Deposits, withdrawals with review, transfers between a user's wallets, flash transfers, funding records. */
export const walletModule = defineModule({
  name: 'wallet',
  create: (kit) => {
    const wallet = new WalletService(
      kit.tx,
      createWalletRepo(kit.db),
      kit.use('ledger'),
      kit.use('account'),
      kit.use('chain'),
      kit.clock,
      kit.log,
    );
    wallet.useProducts(kit.use('products'));
    // A database written before the ledger had holds: each open withdrawal's frozen amount becomes its hold.
    wallet.adoptHolds();
    return wallet;
  },
  routes: walletRoutes,
  operatorRoutes: walletAdminRoutes,
  async seed(wallet, { demoData, use }) {
    // Networks are configuration a fresh install needs; the demo account's deposits only with DEMO_DATA.
    wallet.ensureDefaultNetworks();
    if (!demoData) return;
    const demo = use('account').findByAccount(DEMO_ACCOUNT.account);
    if (demo) await seedWalletDemo(wallet, demo.uid);
  },
});
