import {
  AddAddressBody,
  AddressBookEntry,
  AddressBookQuery,
  Balances,
  CoinInfo,
  CoinNetworkQuery,
  DeleteAddressBody,
  DepositAddress,
  DepositListQuery,
  EmptyData,
  envelope,
  FlashBody,
  FlashRecipient,
  FlashRecipientQuery,
  FlashResult,
  IdParam,
  PagedDeposits,
  PagedRecords,
  PagedWithdrawals,
  RecordsQuery,
  TransferBody,
  TransferResult,
  UpdateAddressBody,
  WithdrawBody,
  WithdrawInfo,
  Withdrawal,
  WithdrawalIdBody,
  WithdrawalListQuery,
} from '@bourse/contract';
import { z } from 'zod';
import type { AppContext, Router } from '../../app-context';
import { ok } from '../../http/envelope';
import { userOf } from '../../http/types';

/** The trader's wallet: `/mapi/wallet/…` (every route needs the login token). */
export function walletRoutes(app: Router, ctx: AppContext): void {
  const { wallet } = ctx;
  const tags = ['wallet'];

  app.get(
    '/mapi/wallet/coins',
    {
      schema: {
        tags,
        summary: 'Coins with their networks: fees, minimums, confirmation counts (deposit and withdraw pickers)',
        response: { 200: envelope(z.array(CoinInfo)) },
      },
    },
    async () => ok(wallet.coins()),
  );

  app.get(
    '/mapi/wallet/balances',
    {
      schema: {
        tags,
        summary: 'Every wallet and asset: available, frozen, total, valued in USDT where a price exists',
        response: { 200: envelope(Balances) },
      },
    },
    async (request) => ok(wallet.balances(userOf(request).uid)),
  );

  app.get(
    '/mapi/wallet/depositAddress',
    {
      schema: {
        tags,
        summary: 'The caller’s deposit address for a coin on a network, with the confirmation rule',
        querystring: CoinNetworkQuery,
        response: { 200: envelope(DepositAddress) },
      },
    },
    async (request) => ok(wallet.depositAddress(userOf(request).uid, request.query.asset, request.query.network)),
  );

  app.get(
    '/mapi/wallet/deposits',
    {
      schema: {
        tags,
        summary: 'The caller’s deposits, newest first, with confirmation progress',
        querystring: DepositListQuery,
        response: { 200: envelope(PagedDeposits) },
      },
    },
    async (request) => ok(wallet.deposits(userOf(request).uid, request.query)),
  );

  app.get(
    '/mapi/wallet/withdrawInfo',
    {
      schema: {
        tags,
        summary: 'What a withdrawal of a coin on a network costs and allows now, and any 24-hour lock',
        querystring: CoinNetworkQuery,
        response: { 200: envelope(WithdrawInfo) },
      },
    },
    async (request) => ok(wallet.withdrawInfo(userOf(request).uid, request.query.asset, request.query.network)),
  );

  app.post(
    '/mapi/wallet/withdraw',
    {
      schema: {
        tags,
        summary: 'Submit a withdrawal (fund password; two-factor code when enabled); amount + fee are frozen',
        body: WithdrawBody,
        response: { 200: envelope(Withdrawal) },
      },
    },
    async (request) => ok(await wallet.withdraw(userOf(request).uid, request.body)),
  );

  app.get(
    '/mapi/wallet/withdrawals',
    {
      schema: {
        tags,
        summary: 'The caller’s withdrawals, newest first',
        querystring: WithdrawalListQuery,
        response: { 200: envelope(PagedWithdrawals) },
      },
    },
    async (request) => ok(wallet.withdrawals(userOf(request).uid, request.query)),
  );

  app.get(
    '/mapi/wallet/withdrawal/:id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s withdrawals',
        params: IdParam,
        response: { 200: envelope(Withdrawal) },
      },
    },
    async (request) => ok(wallet.withdrawal(userOf(request).uid, request.params.id)),
  );

  app.post(
    '/mapi/wallet/cancelWithdraw',
    {
      schema: {
        tags,
        summary: 'Cancel a withdrawal still under review; amount + fee return to available',
        body: WithdrawalIdBody,
        response: { 200: envelope(Withdrawal) },
      },
    },
    async (request) => ok(wallet.cancelWithdrawal(userOf(request).uid, request.body.id)),
  );

  app.get(
    '/mapi/wallet/addresses',
    {
      schema: {
        tags,
        summary: 'The caller’s saved withdrawal addresses',
        querystring: AddressBookQuery,
        response: { 200: envelope(z.array(AddressBookEntry)) },
      },
    },
    async (request) => ok(wallet.addressBook(userOf(request).uid, request.query.asset)),
  );

  app.post(
    '/mapi/wallet/addAddress',
    {
      schema: {
        tags,
        summary: 'Save a withdrawal address (fund password); withdrawals then lock for 24 hours',
        body: AddAddressBody,
        response: { 200: envelope(AddressBookEntry) },
      },
    },
    async (request) => ok(await wallet.addAddress(userOf(request).uid, request.body)),
  );

  app.post(
    '/mapi/wallet/updateAddress',
    {
      schema: {
        tags,
        summary: 'Change a saved withdrawal address (fund password); withdrawals then lock for 24 hours',
        body: UpdateAddressBody,
        response: { 200: envelope(AddressBookEntry) },
      },
    },
    async (request) => ok(await wallet.updateAddress(userOf(request).uid, request.body)),
  );

  app.post(
    '/mapi/wallet/deleteAddress',
    {
      schema: {
        tags,
        summary: 'Remove a saved withdrawal address',
        body: DeleteAddressBody,
        response: { 200: envelope(EmptyData) },
      },
    },
    async (request) => {
      wallet.deleteAddress(userOf(request).uid, request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/mapi/wallet/transfer',
    {
      schema: {
        tags,
        summary: 'Move funds between the caller’s own wallets: positive, at most the available balance',
        body: TransferBody,
        response: { 200: envelope(TransferResult) },
      },
    },
    async (request) => ok(wallet.transfer(userOf(request).uid, request.body)),
  );

  app.get(
    '/mapi/wallet/flashRecipient',
    {
      schema: {
        tags,
        summary: 'Who a flash transfer would reach (by uid, email or mobile number), masked',
        querystring: FlashRecipientQuery,
        response: { 200: envelope(FlashRecipient) },
      },
    },
    async (request) => ok(wallet.flashRecipient(userOf(request).uid, request.query.to)),
  );

  app.post(
    '/mapi/wallet/flash',
    {
      schema: {
        tags,
        summary: 'Flash transfer: spot funds to another user at once (fund password)',
        body: FlashBody,
        response: { 200: envelope(FlashResult) },
      },
    },
    async (request) => ok(await wallet.flash(userOf(request).uid, request.body)),
  );

  app.get(
    '/mapi/wallet/records',
    {
      schema: {
        tags,
        summary: 'Funding records of the last 3 months: deposits, withdrawals, transfers, flash transfers',
        querystring: RecordsQuery,
        response: { 200: envelope(PagedRecords) },
      },
    },
    async (request) => ok(wallet.records(userOf(request).uid, request.query)),
  );
}
