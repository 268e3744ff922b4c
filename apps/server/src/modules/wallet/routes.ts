import { walletApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import type { WalletService } from './service';
import { serve } from '../../http/routes';

/** The trader's wallet (every route needs the login token: declared in the contract). */
export function walletRoutes(app: Router, wallet: WalletService): void {
  const api = walletApi;
  serve(app, api.coins, () => wallet.coins());
  serve(app, api.balances, ({ user }) => wallet.balances(user.uid));
  serve(app, api.depositAddress, ({ user, query }) => wallet.depositAddress(user.uid, query.asset, query.network));
  serve(app, api.deposits, ({ user, query }) => wallet.deposits(user.uid, query));
  serve(app, api.withdrawInfo, ({ user, query }) => wallet.withdrawInfo(user.uid, query.asset, query.network));
  serve(app, api.withdraw, ({ user, body, money }) => wallet.withdraw(user.uid, body, money.claim));
  serve(app, api.withdrawals, ({ user, query }) => wallet.withdrawals(user.uid, query));
  serve(app, api.withdrawal, ({ user, params }) => wallet.withdrawal(user.uid, params.id));
  serve(app, api.cancelWithdraw, ({ user, body }) => wallet.cancelWithdrawal(user.uid, body.id));
  serve(app, api.addresses, ({ user, query }) => wallet.addressBook(user.uid, query.asset));
  serve(app, api.addAddress, ({ user, body }) => wallet.addAddress(user.uid, body));
  serve(app, api.updateAddress, ({ user, body }) => wallet.updateAddress(user.uid, body));
  serve(app, api.deleteAddress, ({ user, body }) => {
    wallet.deleteAddress(user.uid, body.id);
    return null;
  });
  serve(app, api.transfer, ({ user, body, money }) => wallet.transfer(user.uid, body, money.claim));
  serve(app, api.flashRecipient, ({ user, query }) => wallet.flashRecipient(user.uid, query.to));
  serve(app, api.flash, ({ user, body, money }) => wallet.flash(user.uid, body, money.claim));
  serve(app, api.records, ({ user, query, lang }) => wallet.records(user.uid, query, lang));
}
