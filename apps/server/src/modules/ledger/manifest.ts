import { defineModule } from '../../platform/module';
import { DEFAULT_ASSETS } from './assets';
import { ledgerRoutes } from './routes';
import { LedgerService } from './service';

/**
 * The one double-entry ledger every balance lives in: accounts and their types, holds, statements, the assets,
 * operators' balance adjustments (maker-checker), reconciliation.
 */
export const ledgerModule = defineModule({
  name: 'ledger',
  create: (kit) => {
    const accounts = kit.use('account');
    return new LedgerService(kit.db, kit.tx, kit.clock, { userExists: (uid) => accounts.getUser(uid) !== undefined });
  },
  operatorRoutes: ledgerRoutes,
  // The statement lines and holds waiting in memory are written (after a crash they are rebuilt from the journal).
  stop: (ledger) => ledger.close(),
  seed(ledger) {
    // The asset list is configuration a fresh install needs with or without demo data.
    if (ledger.listAssets().length === 0) for (const asset of DEFAULT_ASSETS) ledger.upsertAsset(asset);
  },
});
