import { ERRORS, type WithdrawalRisk } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginOperator, post, type TestUser } from '../../test/harness';
import { SYSTEM, system, user } from '../ledger';
import {
  EXTERNAL,
  expectReconciled,
  FUND_PASSWORD,
  fund,
  operatorLogin,
  startWalletServer,
  type WalletServer,
  walletUser,
} from './testing';

let w: WalletServer;

beforeAll(async () => {
  w = await startWalletServer();
});
afterAll(async () => {
  await w.server.close();
});

const DAY = 24 * 3600_000;

async function withdraw(u: TestUser, amount: string, network: 'TRC20' | 'ERC20' = 'TRC20'): Promise<number> {
  const sent = await post<{ id: number }>(
    w.server,
    '/mapi/wallet/withdraw',
    { asset: 'USDT', network, address: EXTERNAL[network], amount, fundPassword: FUND_PASSWORD },
    { token: u.token },
  );
  expect(sent.body.code, sent.body.msg).toBe(200);
  return sent.body.data.id;
}

async function risk(id: number, token = w.admin) {
  return get<WithdrawalRisk>(w.server, `/admin/api/wallet/withdrawals/${id}/risk`, { token });
}

describe('withdrawal review evidence', () => {
  it('shows a new account withdrawing a fresh deposit to a new address without trading', async () => {
    const u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '50');
    const id = await withdraw(u, '10');
    const answer = await risk(id);
    expect(answer.body.code, answer.body.msg).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({
      withdrawalId: id,
      uid: u.uid,
      accountAgeDays: 0,
      valueUsdt: '10',
      windowDays: 30,
      deposits: { ever: 1, recent: [{ asset: 'USDT', count: 1, amount: '50' }] },
      spotTrades: 0,
      address: { ownWithdrawals: 0, ownFirstAt: null, otherUsers: 0 },
    });
    expect(data.deposits.lastAt).toBeLessThanOrEqual(w.server.clock.now());
    expect(data.hints).toEqual(['newAccount', 'newAddress', 'depositNoTrade', 'quickAfterDeposit']);
  });

  it('counts the address’s history (another address than the first test’s), other users of it and spot trades from the ledger', async () => {
    const u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '100');
    const first = await withdraw(u, '10', 'ERC20');
    const approved = await post(w.server, '/admin/api/wallet/withdrawals/approve', { id: first }, { token: w.admin });
    expect(approved.body.code, approved.body.msg).toBe(200);
    await w.sim.mine(30);
    const done = await get<{ status: string }>(w.server, `/admin/api/wallet/withdrawals/${first}`, { token: w.admin });
    expect(done.body.data.status).toBe('succeeded');

    // Eight days later, after two spot trades (the ledger's trade entries), the same address again.
    w.server.clock.advance(8 * DAY);
    // Sessions end meanwhile: both sign in again.
    w.admin = await operatorLogin(w.server);
    const login = await post<{ token: string }>(w.server, '/api/user/login', {
      account: u.account,
      password: u.password,
    });
    u.token = login.body.data.token;
    w.server.ctx.tx.run(() => {
      for (const n of [1, 2])
        w.server.ctx.ledger.transfer({
          reference: `risk-test:t:${u.uid}:${n}`,
          reason: 'spot.trade',
          from: user(u.uid, 'spot', 'USDT'),
          to: system(SYSTEM.fees, 'USDT'),
          amount: 1_00000000n,
        });
    });
    const second = await withdraw(u, '5', 'ERC20');
    const again = (await risk(second)).body.data;
    expect(again.accountAgeDays).toBe(8);
    expect(again.spotTrades).toBe(2);
    expect(again.address).toMatchObject({ ownWithdrawals: 1, otherUsers: 0 });
    expect(again.address.ownFirstAt).toBeGreaterThan(0);
    expect(again.hints).toEqual([]);

    // Another user withdrawing to it: a shared address, for both of them.
    const other = await walletUser(w);
    await fund(w, other, 'USDT', 'TRC20', '20');
    const theirs = await withdraw(other, '5', 'ERC20');
    expect((await risk(theirs)).body.data.address).toMatchObject({ ownWithdrawals: 0, otherUsers: 1 });
    expect((await risk(theirs)).body.data.hints).toContain('sharedAddress');
    expect((await risk(second)).body.data.hints).toEqual(['sharedAddress']);
    expectReconciled(w);
  });

  it('is only for withdrawals.review, and NOT_FOUND for an unknown withdrawal', async () => {
    expect((await risk(999_999)).body.code).toBe(ERRORS.NOT_FOUND.code);
    const content = await loginOperator(w.server, 'content');
    expect((await risk(1, content.token)).body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    const finance = await loginOperator(w.server, 'finance');
    expect((await risk(1, finance.token)).body.code).toBe(200);
  });
});
