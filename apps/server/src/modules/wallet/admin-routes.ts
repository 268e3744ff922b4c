import {
  AdminWithdrawalQuery,
  ChainState,
  ChainTxBody,
  CoinInfo,
  EmptyData,
  envelope,
  MineBody,
  NetworkInfo,
  NetworkSettingsBody,
  PagedAdminWithdrawals,
  RejectWithdrawalBody,
  TestDepositBody,
  TestDepositResult,
  Withdrawal,
  WithdrawalIdBody,
} from '@bourse/contract';
import { z } from 'zod';
import type { AppContext, Router } from '../../app-context';
import { ok } from '../../http/envelope';
import { operatorOf } from '../../http/types';

/** The operator's side of the wallet: `/admin/api/wallet/…` (operator token checked centrally, every change audited). */
export function walletAdminRoutes(app: Router, ctx: AppContext): void {
  const { wallet } = ctx;
  const tags = ['operator'];

  app.get(
    '/admin/api/wallet/withdrawals',
    {
      schema: {
        tags,
        summary: 'Withdrawals, newest first, by status and user',
        querystring: AdminWithdrawalQuery,
        response: { 200: envelope(PagedAdminWithdrawals) },
      },
    },
    async (request) => ok(wallet.adminWithdrawals(request.query)),
  );

  app.post(
    '/admin/api/wallet/withdrawals/approve',
    {
      schema: {
        tags,
        summary: 'Approve a withdrawal under review; it is broadcast at once',
        body: WithdrawalIdBody,
        response: { 200: envelope(Withdrawal) },
      },
    },
    async (request) => ok(await wallet.approveWithdrawal(operatorOf(request).operatorId, request.body.id)),
  );

  app.post(
    '/admin/api/wallet/withdrawals/reject',
    {
      schema: {
        tags,
        summary: 'Reject a withdrawal under review, with a reason; amount + fee return to the user',
        body: RejectWithdrawalBody,
        response: { 200: envelope(Withdrawal) },
      },
    },
    async (request) =>
      ok(wallet.rejectWithdrawal(operatorOf(request).operatorId, request.body.id, request.body.reason)),
  );

  app.get(
    '/admin/api/wallet/networks',
    {
      schema: {
        tags,
        summary: 'Coins and their network settings',
        response: { 200: envelope(z.array(CoinInfo)) },
      },
    },
    async () => ok(wallet.coins()),
  );

  app.post(
    '/admin/api/wallet/networks/update',
    {
      schema: {
        tags,
        summary: 'Change a coin’s settings on a network (fees, minimums, confirmations, suspensions)',
        body: NetworkSettingsBody,
        response: { 200: envelope(NetworkInfo) },
      },
    },
    async (request) => ok(wallet.updateNetwork(operatorOf(request).operatorId, request.body)),
  );

  app.get(
    '/admin/api/wallet/chain',
    {
      schema: { tags, summary: 'The chain adapter: simulated or not, height', response: { 200: envelope(ChainState) } },
    },
    async () => ok(wallet.chainState()),
  );

  app.post(
    '/admin/api/wallet/chain/deposit',
    {
      schema: {
        tags,
        summary: 'Simulated chain: send a test deposit from outside to any address',
        body: TestDepositBody,
        response: { 200: envelope(TestDepositResult) },
      },
    },
    async (request) => ok(await wallet.sendTestDeposit(operatorOf(request).operatorId, request.body)),
  );

  app.post(
    '/admin/api/wallet/chain/mine',
    {
      schema: {
        tags,
        summary: 'Simulated chain: mine blocks now',
        body: MineBody,
        response: { 200: envelope(ChainState) },
      },
    },
    async (request) => {
      await wallet.mine(operatorOf(request).operatorId, request.body.blocks);
      return ok(wallet.chainState());
    },
  );

  app.post(
    '/admin/api/wallet/chain/fail',
    {
      schema: {
        tags,
        summary: 'Simulated chain: drop a transaction still in the mempool (its withdrawal fails)',
        body: ChainTxBody,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      await wallet.failChainTransaction(operatorOf(request).operatorId, request.body.txHash);
      return ok(null);
    },
  );
}
