import { type Dashboard, ERRORS, type UserAdminDetail, type UserAdminSummary } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, loginOperator, post, type TestServer } from '../../test/harness';
import { EXTERNAL, FUND_PASSWORD, fund, startWalletServer, walletUser, type WalletServer } from '../wallet/testing';

let w: WalletServer;
let server: TestServer;
beforeAll(async () => {
  w = await startWalletServer();
  server = w.server;
});
afterAll(async () => {
  await server.close();
});

describe('users in the console', () => {
  it('finds a user by uid, invitation code or the start of an email, and shows their page', async () => {
    const support = await loginOperator(server, 'support');
    const u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '250');
    const byUid = await get<UserAdminSummary[]>(server, `/admin/api/users?q=${u.uid}`, { token: support.token });
    expect(byUid.body.data.map((x) => x.uid)).toEqual([u.uid]);
    expect(byUid.body.data[0]?.email).toBe(u.account);
    const code = byUid.body.data[0]?.inviteCode ?? '';
    expect(
      (await get<UserAdminSummary[]>(server, `/admin/api/users?q=${code.toLowerCase()}`, { token: support.token })).body
        .data[0]?.uid,
    ).toBe(u.uid);
    const prefix = u.account.slice(0, 8);
    expect(
      (
        await get<UserAdminSummary[]>(server, `/admin/api/users?q=${encodeURIComponent(prefix)}`, {
          token: support.token,
        })
      ).body.data.map((x) => x.uid),
    ).toContain(u.uid);
    // Two letters are not enough to list users.
    expect(
      (await get<UserAdminSummary[]>(server, '/admin/api/users?q=us', { token: support.token })).body.data,
    ).toEqual([]);

    const page = await get<UserAdminDetail>(server, `/admin/api/users/${u.uid}`, { token: support.token });
    expect(page.body.data.user.uid).toBe(u.uid);
    expect(page.body.data.security.fundPassword).toBe(true);
    expect(page.body.data.sessions.length).toBeGreaterThan(0);
    const spot = page.body.data.balances.wallets.find((x) => x.wallet === 'spot');
    expect(spot?.assets.find((a) => a.asset === 'USDT')?.available).toBe('250');
    expect((await get(server, '/admin/api/users/99999999', { token: support.token })).body.code).toBe(
      ERRORS.USER_NOT_FOUND.code,
    );
  });

  it('freezes an account: it signs in and reads, but moves no money, until unfrozen', async () => {
    const admin = await loginOperator(server, 'admin');
    const u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '100');
    const frozen = await post<UserAdminSummary>(
      server,
      `/admin/api/users/${u.uid}/freeze`,
      { reason: 'Chargeback under review' },
      {
        token: admin.token,
      },
    );
    expect(frozen.body.data.frozen).toBe(true);
    const move = { asset: 'USDT', from: 'spot', to: 'contract', amount: '10', requestId: 'freeze-check-1' };
    const refused = await post(server, '/mapi/wallet/transfer', move, { token: u.token, lang: 'fr' });
    expect(refused.body.code).toBe(ERRORS.ACCOUNT_FROZEN.code);
    const order = await post(
      server,
      '/mapi/spot/neworder',
      { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.001' },
      { token: u.token },
    );
    expect(order.body.code).toBe(ERRORS.ACCOUNT_FROZEN.code);
    const me = await get<{ frozen: boolean }>(server, '/mapi/user/info', { token: u.token });
    expect(me.body.data.frozen).toBe(true);
    expect((await get(server, '/mapi/wallet/balances', { token: u.token })).body.code).toBe(200);
    const page = await get<UserAdminDetail>(server, `/admin/api/users/${u.uid}`, { token: admin.token });
    expect(page.body.data.frozenReason).toBe('Chargeback under review');

    await post(server, `/admin/api/users/${u.uid}/unfreeze`, undefined, { token: admin.token });
    expect(
      (await post(server, '/mapi/wallet/transfer', { ...move, requestId: 'freeze-check-2' }, { token: u.token })).body
        .code,
    ).not.toBe(ERRORS.ACCOUNT_FROZEN.code);
    // Freezing is users.manage: support reads users but cannot freeze.
    const support = await loginOperator(server, 'support');
    const denied = await post(server, `/admin/api/users/${u.uid}/freeze`, { reason: 'no' }, { token: support.token });
    expect(denied.status).toBe(403);
  });

  it('counts users and pending queues on the dashboard', async () => {
    const admin = await loginOperator(server, 'admin');
    const answer = await get<{ users: { total: number; today: number }; queues: { key: string }[] }>(
      server,
      '/admin/api/dashboard',
      { token: admin.token },
    );
    expect(answer.body.data.users.total).toBeGreaterThan(0);
    expect(answer.body.data.users.today).toBe(answer.body.data.users.total);
    expect(answer.body.data.queues.map((q) => q.key)).toEqual(
      expect.arrayContaining(['identity', 'withdrawals', 'support']),
    );
  });

  it('adds up today’s deposits and withdrawals in USDT, and the scheduler’s state', async () => {
    const admin = await loginOperator(server, 'admin');
    const board = async () => (await get<Dashboard>(server, '/admin/api/dashboard', { token: admin.token })).body.data;
    const before = await board();
    const u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '120.5');
    const sent = await post(
      server,
      '/mapi/wallet/withdraw',
      { asset: 'USDT', network: 'TRC20', address: EXTERNAL.TRC20, amount: '20', fundPassword: FUND_PASSWORD },
      { token: u.token },
    );
    expect(sent.body.code, sent.body.msg).toBe(200);
    const after = await board();
    expect(after.today.since).toBe(after.at - (after.at % 86_400_000));
    expect(after.today.deposits.count - before.today.deposits.count).toBe(1);
    expect(Number(after.today.deposits.valueUsdt) - Number(before.today.deposits.valueUsdt)).toBeCloseTo(120.5, 8);
    expect(after.today.withdrawals.count - before.today.withdrawals.count).toBe(1);
    expect(Number(after.today.withdrawals.valueUsdt) - Number(before.today.withdrawals.valueUsdt)).toBeCloseTo(20, 8);
    expect(after.scheduler.jobs).toBe(server.ctx.scheduler.status().length);
    expect(after.scheduler.jobs).toBeGreaterThan(0);
    expect(after.scheduler.failing).toBe(0);
  });
});
