import { walletAdminApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import type { WalletService } from './service';
import { serve, serveAction } from '../../http/routes';

/** The operator's side of the wallet: reviews, network settings, the simulated chain (each change audited). */
export function walletAdminRoutes(app: Router, wallet: WalletService): void {
  const api = walletAdminApi;
  serve(app, api.withdrawals, ({ query }) => wallet.adminWithdrawals(query));
  serve(app, api.withdrawal, ({ params }) => wallet.adminWithdrawal(params.id));
  serve(app, api.withdrawalRisk, ({ params }) => wallet.withdrawalRisk(params.id));
  serve(app, api.deposits, ({ query }) => wallet.adminDeposits(query));
  serveAction(app, api.approveWithdrawal, {
    apply: ({ operator, body }) => wallet.approveWithdrawal(operator.operatorId, body.id),
    after: async ({ body }) => {
      // Broadcast at once rather than at the next block.
      await wallet.sync();
      return wallet.withdrawalById(body.id);
    },
  });
  serve(app, api.settings, () => wallet.settings());
  serveAction(app, api.updateSettings, {
    apply: ({ operator, body }) => wallet.updateSettings(operator.operatorId, body),
  });
  serveAction(app, api.rejectWithdrawal, {
    apply: ({ operator, body }) => wallet.rejectWithdrawal(operator.operatorId, body.id, body.reason),
  });
  serve(app, api.networks, () => wallet.coins());
  serveAction(app, api.updateNetwork, { apply: ({ body }) => wallet.updateNetwork(body) });
  serve(app, api.chain, () => wallet.chainState());
  serve(app, api.mempool, () => wallet.mempool());
  serveAction(app, api.testDeposit, {
    apply: ({ body }) => wallet.sendTestDeposit(body),
    after: async (_input, sent) => {
      await wallet.notifyChain();
      return sent;
    },
  });
  serveAction(app, api.mine, {
    apply: () => undefined,
    after: async ({ body }) => {
      await wallet.mine(body.blocks);
      return wallet.chainState();
    },
  });
  serveAction(app, api.failTransaction, {
    apply: ({ body }) => wallet.failChainTransaction(body.txHash),
    after: async () => {
      await wallet.sync();
      return null;
    },
  });
}
