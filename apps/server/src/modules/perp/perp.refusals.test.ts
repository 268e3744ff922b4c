import { ERRORS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOperator, post, registerUser, type TestUser } from '../../test/harness';
import { contractBalance, expectPerpConsistent, fundContract, order, type PerpWorld, startPerpServer } from './testing';

/**
 * The spec §8 messages of the futures desk, each through HTTP in the caller's language, and each refusal changes
 * nothing: liquidation risk too high, margin top-up required, take-profit and stop-loss conflict, closing lots above
 * the holding, insufficient funding, order price versus market price limits, pair closed, order amount out of range.
 */
let w: PerpWorld;
let alice: TestUser;

beforeAll(async () => {
  w = await startPerpServer();
  alice = await registerUser(w.server);
  await fundContract(w.ctx, [{ uid: alice.uid, amount: '1000' }]);
  w.ctx.perp.quote();
  // An isolated 20× long of 100 lots (2,000 USDT at 20,000: 100 USDT of margin).
  expect(
    (
      await post(
        w.server,
        '/mapi/swap/marginMode',
        { symbol: 'BTC_USDT', marginMode: 'isolated' },
        { token: alice.token },
      )
    ).body.code,
  ).toBe(200);
  expect((await order(w.server, alice, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 100 })).body.code).toBe(
    200,
  );
});

afterAll(async () => {
  await w.server.close();
});

async function refused(
  call: () => Promise<{ body: { code: number; msg: string } }>,
  key: keyof typeof ERRORS,
): Promise<void> {
  const before = contractBalance(w.ctx, alice.uid);
  const answer = await call();
  expect(answer.body.code).toBe(ERRORS[key].code);
  expect(answer.body.msg).toBe(ERRORS[key].msg.zh_CN);
  expect(contractBalance(w.ctx, alice.uid)).toEqual(before);
  expectPerpConsistent(w.ctx);
}

const zh = { token: '', lang: 'zh_CN' };

describe('the futures desk refuses with the spec §8 messages, changing nothing', () => {
  it('order price versus market price limits', async () => {
    await refused(
      () =>
        order(w.server, alice, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '30000', lots: 1 }, 'zh_CN'),
      'PRICE_OUT_OF_LIMIT',
    );
  });

  it('order amount out of range', async () => {
    await refused(
      () =>
        order(
          w.server,
          alice,
          { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '19000', lots: 100_001 },
          'zh_CN',
        ),
      'ORDER_AMOUNT_OUT_OF_RANGE',
    );
  });

  it('insufficient funding', async () => {
    // 5,000 lots at 20× need 5,000 USDT of margin; the wallet has about 900.
    await refused(
      () =>
        order(
          w.server,
          alice,
          { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '19000', lots: 5_000 },
          'zh_CN',
        ),
      'INSUFFICIENT_FUNDING',
    );
  });

  it('take-profit and stop-loss conflict', async () => {
    await refused(
      () =>
        order(
          w.server,
          alice,
          { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '19900', lots: 1, takeProfit: '19000' },
          'zh_CN',
        ),
      'TPSL_CONFLICT',
    );
  });

  it('closing lots above the holding', async () => {
    await refused(
      () => post(w.server, '/mapi/swap/close', { symbol: 'BTC_USDT', lots: 101 }, { ...zh, token: alice.token }),
      'CLOSE_LOTS_EXCEED_POSITION',
    );
  });

  it('liquidation risk too high (removing isolated margin the position needs)', async () => {
    await refused(
      () =>
        post(
          w.server,
          '/mapi/swap/margin',
          { symbol: 'BTC_USDT', action: 'remove', amount: '90' },
          { ...zh, token: alice.token },
        ),
      'LIQUIDATION_RISK',
    );
  });

  it('margin top-up required (lowering the leverage beyond the free balance)', async () => {
    // At 1× the 100-lot position needs 2,000 USDT of margin: 1,900 more than it has, more than the wallet's ~900.
    await refused(
      () => post(w.server, '/mapi/swap/leverage', { symbol: 'BTC_USDT', leverage: 1 }, { ...zh, token: alice.token }),
      'MARGIN_TOPUP_REQUIRED',
    );
  });

  it('pair closed (the operator closed the contract)', async () => {
    const operator = await loginOperator(w.server);
    expect(
      (await post(w.server, '/admin/api/swap/contracts/BTC_USDT', { status: 'closed' }, { token: operator.token })).body
        .code,
    ).toBe(200);
    await refused(
      () =>
        order(w.server, alice, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '19900', lots: 1 }, 'zh_CN'),
      'PAIR_CLOSED',
    );
  });
});
