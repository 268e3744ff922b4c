import { API_ROUTES, ERRORS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestServer } from '../test/harness';
import { fund, spot, startWalletServer, walletUser, type WalletServer, FUND_PASSWORD } from '../modules/wallet/testing';

let w: WalletServer;
let server: TestServer;
beforeAll(async () => {
  w = await startWalletServer();
  server = w.server;
});
afterAll(async () => {
  await server.close();
});

describe('end-to-end idempotency of money-moving calls', () => {
  it('is declared on every money-moving route', () => {
    const declared = API_ROUTES.filter((r) => r.movesMoney).map((r) => `${r.method} ${r.path}`);
    expect(declared).toEqual(
      expect.arrayContaining([
        'POST /mapi/wallet/withdraw',
        'POST /mapi/wallet/transfer',
        'POST /mapi/wallet/flash',
        'POST /mapi/spot/neworder',
      ]),
    );
  });

  it('answers ten concurrent copies of one transfer with one result and moves the money once', async () => {
    const u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '100');
    const body = { asset: 'USDT', from: 'spot', to: 'contract', amount: '7', requestId: 'burst-transfer-1' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post<{ id: number }>(server, '/mapi/wallet/transfer', body, { token: u.token })),
    );
    expect(new Set(answers.map((a) => a.body.code))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await spot(w, u, 'USDT')).toEqual({ available: '93', frozen: '0' });
  });

  it('answers a repeated flash transfer and a repeated order with the first result', async () => {
    const u = await walletUser(w);
    const to = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '100');
    const flash = {
      to: String(to.uid),
      asset: 'USDT',
      amount: '5',
      fundPassword: FUND_PASSWORD,
      requestId: 'flash-once-1',
    };
    const first = await post(server, '/mapi/wallet/flash', flash, { token: u.token });
    const again = await post(server, '/mapi/wallet/flash', flash, { token: u.token });
    expect(again.body).toEqual(first.body);
    expect(await spot(w, to, 'USDT')).toEqual({ available: '5', frozen: '0' });

    const order = {
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.001',
      clientOrderId: 'order-once-1',
    };
    const placed = await post<{ id: number }>(server, '/mapi/spot/neworder', order, { token: u.token });
    expect(placed.body.code).toBe(200);
    const repeated = await post<{ id: number }>(server, '/mapi/spot/neworder', order, { token: u.token });
    expect(repeated.body.data.id).toBe(placed.body.data.id);
    expect((await spot(w, u, 'USDT')).frozen).toBe('50');
    const other = await post(server, '/mapi/spot/neworder', { ...order, price: '49000' }, { token: u.token });
    expect(other.body.code).toBe(ERRORS.REQUEST_ID_REUSED.code);
  });

  it('records the request in the transaction that moves the money: a claim without a result never moves twice', async () => {
    const u = await walletUser(w);
    await fund(w, u, 'USDT', 'TRC20', '100');
    const body = { asset: 'USDT', from: 'spot', to: 'contract', amount: '3', requestId: 'claimed-first' };
    await post(server, '/mapi/wallet/transfer', body, { token: u.token });
    const row = server.ctx.db
      .prepare('SELECT result FROM request_log WHERE uid = ? AND request_id = ?')
      .get(u.uid, 'claimed-first') as { result: string | null };
    expect(row.result).not.toBeNull();
    // As if the server had stopped after the transfer's commit and before recording its answer.
    server.ctx.db
      .prepare('UPDATE request_log SET result = NULL WHERE uid = ? AND request_id = ?')
      .run(u.uid, 'claimed-first');
    const retry = await post(server, '/mapi/wallet/transfer', body, { token: u.token });
    expect(retry.body.code).toBe(ERRORS.ALREADY_HANDLED.code);
    expect(await spot(w, u, 'USDT')).toEqual({ available: '97', frozen: '0' });
    // A refused first attempt claims nothing: the same id works once the request can succeed.
    const tooMuch = { ...body, amount: '1000', requestId: 'refused-first' };
    expect((await post(server, '/mapi/wallet/transfer', tooMuch, { token: u.token })).body.code).not.toBe(200);
    const count = server.ctx.db
      .prepare('SELECT COUNT(*) FROM request_log WHERE request_id = ?')
      .pluck()
      .get('refused-first');
    expect(count).toBe(0);
  });
});
