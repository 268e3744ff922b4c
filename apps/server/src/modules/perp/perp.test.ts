import type { SwapAccount, SwapOrder, SwapPosition } from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, post, registerUser, type TestUser } from '../../test/harness';
import { SYSTEM, system } from '../ledger';
import {
  contractBalance,
  expectPerpConsistent,
  fundContract,
  order,
  type PerpWorld,
  positions,
  startPerpServer,
  units,
} from './testing';

let w: PerpWorld;
let alice: TestUser;

beforeEach(async () => {
  w = await startPerpServer();
  alice = await registerUser(w.server);
  await fundContract(w.ctx, [{ uid: alice.uid, amount: '1000' }]);
  w.ctx.perp.quote();
});

afterEach(async () => {
  await w.server.close();
});

/** Everything the futures desk moves: users' wallets and pots, fees, the fund, the clearing and the market maker. */
function totalContractMoney(uids: number[]): bigint {
  const { ledger } = w.ctx;
  let sum = 0n;
  for (const uid of uids) {
    for (const acc of ledger.userAccounts(uid)) {
      if (acc.wallet === 'contract') sum += acc.available + acc.frozen;
    }
  }
  const sys = (name: string) => ledger.balance(system(name, 'USDT', 'contract'));
  for (const name of [SYSTEM.fees, SYSTEM.insuranceFund, 'perp_clearing', 'perp_mm']) {
    const b = sys(name);
    sum += b.available + b.frozen;
  }
  return sum;
}

describe('perpetuals through HTTP', () => {
  it('commits the commands that arrive together in one batch; a refused one is answered alone', async () => {
    const { perp } = w.ctx;
    const before = perp.stats().commit;
    const limit = (price: string, lots: number) =>
      perp.submit(() =>
        perp.placeUserOrder(alice.uid, {
          symbol: 'BTC_USDT',
          side: 'buy',
          type: 'limit',
          price,
          lots,
          timeInForce: 'GTC',
          postOnly: false,
          reduceOnly: false,
        }),
      );
    // Queued in one turn of the event loop (as requests read together are): 8 fit the wallet, 10,000 lots do not.
    const answers = await Promise.allSettled([
      ...Array.from({ length: 4 }, (_, i) => limit(String(19_000 + i), 1)),
      limit('19000', 10_000),
      ...Array.from({ length: 4 }, (_, i) => limit(String(19_100 + i), 1)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([
      ...Array(4).fill('fulfilled'),
      'rejected',
      ...Array(4).fill('fulfilled'),
    ]);
    const after = perp.stats().commit;
    expect(after.commands - before.commands).toBe(9);
    expect(after.batches - before.batches).toBe(1);
    const open = await get<{ list: SwapOrder[] }>(w.server, '/mapi/swap/openOrders', { token: alice.token });
    expect(open.body.data.list).toHaveLength(8);
    expectPerpConsistent(w.ctx);
  });

  it('opens a 20x long, refuses moving the margin out, closes half by lots then the rest; the ledger balances', async () => {
    const before = totalContractMoney([alice.uid]);
    const lev = await post(
      w.server,
      '/mapi/swap/leverage',
      { symbol: 'BTC_USDT', leverage: 20 },
      { token: alice.token },
    );
    expect(lev.body.code).toBe(200);
    const placed = await order(w.server, alice, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 100 });
    expect(placed.body.code).toBe(200);
    expect(placed.body.data.filledLots).toBe(100);
    expect(placed.body.data.status).toBe('trading');
    const [pos] = await positions(w.server, alice);
    expect(pos?.side).toBe('long');
    expect(pos?.lots).toBe(100);
    expect(pos?.leverage).toBe(20);
    // 100 lots × 0.001 BTC at ~20,010 = 2,001 USDT notional; IM at 20x ≈ 100 USDT.
    expect(Number(pos?.initialMargin)).toBeGreaterThan(99);
    expect(Number(pos?.initialMargin)).toBeLessThan(101);
    expect(pos?.liquidationPrice).not.toBeNull();
    expect(Number(pos?.liquidationPrice)).toBeLessThan(20_000);
    expectPerpConsistent(w.ctx);

    const out = await post(
      w.server,
      '/mapi/wallet/transfer',
      { asset: 'USDT', from: 'contract', to: 'spot', amount: '1' },
      { token: alice.token },
    );
    expect(out.body.code).not.toBe(200);
    expect(out.body.msg).toBeTruthy();

    const half = await post<SwapOrder>(
      w.server,
      '/mapi/swap/close',
      { symbol: 'BTC_USDT', lots: 50 },
      { token: alice.token },
    );
    expect(half.body.code).toBe(200);
    expect(half.body.data.filledLots).toBe(50);
    expect(half.body.data.status).toBe('complete');
    expect(half.body.data.closeKind).toBe('manual');
    const [rest] = await positions(w.server, alice);
    expect(rest?.lots).toBe(50);
    expect(rest?.entryPrice).toBe(pos?.entryPrice);

    const tooMany = await post(w.server, '/mapi/swap/close', { symbol: 'BTC_USDT', lots: 51 }, { token: alice.token });
    expect(tooMany.body.code).toBe(4503);
    const all = await post<SwapOrder>(w.server, '/mapi/swap/close', { symbol: 'BTC_USDT' }, { token: alice.token });
    expect(all.body.data.filledLots).toBe(50);
    expect(await positions(w.server, alice)).toEqual([]);

    const closes = await get<{ list: { kind: string; lots: number; final: boolean }[] }>(
      w.server,
      '/mapi/swap/closes',
      {
        token: alice.token,
      },
    );
    expect(closes.body.data.list.map((c) => [c.lots, c.final, c.kind])).toEqual([
      [50, true, 'manual'],
      [50, false, 'manual'],
    ]);
    const history = await get<{ list: SwapPosition[] }>(w.server, '/mapi/swap/positionHistory', { token: alice.token });
    expect(history.body.data.list[0]?.status).toBe('closed');
    expect(history.body.data.list[0]?.closedLots).toBe(100);
    // Fees were paid (taker both ways): the wallet is below 1,000 by at least the fees, and the transfer is allowed.
    const acct = await get<SwapAccount>(w.server, '/mapi/swap/account', { token: alice.token });
    expect(acct.body.data.transferLocked).toBe(false);
    expect(contractBalance(w.ctx, alice.uid).frozen).toBe(0n);
    expect(totalContractMoney([alice.uid])).toBe(before);
    expectPerpConsistent(w.ctx);
    const back = await post(
      w.server,
      '/mapi/wallet/transfer',
      { asset: 'USDT', from: 'contract', to: 'spot', amount: '1' },
      { token: alice.token },
    );
    expect(back.body.code).toBe(200);
  });

  it('refuses bad input with the catalogue error and changes nothing', async () => {
    const snapshot = () => ({
      bal: contractBalance(w.ctx, alice.uid),
      orders: w.ctx.db.prepare('SELECT COUNT(*) AS n FROM perp_orders').get(),
      positions: w.ctx.db.prepare('SELECT COUNT(*) AS n FROM perp_positions').get(),
      fees: w.ctx.ledger.balance(system(SYSTEM.fees, 'USDT', 'contract')),
    });
    const before = snapshot();
    const cases: [Record<string, unknown>, number][] = [
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000.05', lots: 1 }, 4006],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '30000', lots: 1 }, 4004],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 0 }, 4005],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 1_000_000 }, 4005],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '19000', lots: 90_000 }, 0],
      [{ symbol: 'BTC_USDT', side: 'sell', type: 'market', lots: 1, reduceOnly: true }, 4511],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '19990', lots: 1, takeProfit: '19000' }, 4501],
      [{ symbol: 'NOPE_USDT', side: 'buy', type: 'market', lots: 1 }, 0],
    ];
    for (const [body, code] of cases) {
      const res = await order(w.server, alice, body, 'zh_CN');
      expect(res.body.code, JSON.stringify(body)).not.toBe(200);
      if (code !== 0) expect(res.body.code, JSON.stringify(body)).toBe(code);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const noPos = await post(w.server, '/mapi/swap/close', { symbol: 'BTC_USDT', lots: 1 }, { token: alice.token });
    expect(noPos.body.code).toBe(4512);
    const margin = await post(
      w.server,
      '/mapi/swap/margin',
      { symbol: 'BTC_USDT', action: 'add', amount: '1' },
      { token: alice.token },
    );
    expect(margin.body.code).toBe(4512);
    const lev = await post(
      w.server,
      '/mapi/swap/leverage',
      { symbol: 'BTC_USDT', leverage: 101 },
      { token: alice.token },
    );
    expect(lev.body.code).toBe(4506);
    expect(snapshot()).toEqual(before);
    expectPerpConsistent(w.ctx);
  });

  it('holds exactly margin + fee for a resting order and releases it on cancel', async () => {
    const res = await order(w.server, alice, {
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '19900',
      lots: 10,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.status).toBe('entrusted');
    // 10 lots × 0.001 × 19,900 = 199 USDT; IM at the default 20x = 9.95; taker fee 0.05% = 0.0995.
    expect(res.body.data.frozen).toBe('10.0495');
    expect(contractBalance(w.ctx, alice.uid).frozen).toBe(units('10.0495'));
    expectPerpConsistent(w.ctx);
    const c = await post<SwapOrder>(w.server, '/mapi/swap/cancel', { id: res.body.data.id }, { token: alice.token });
    expect(c.body.data.status).toBe('cancelled');
    expect(contractBalance(w.ctx, alice.uid)).toEqual({ available: units('1000'), frozen: 0n });
    expectPerpConsistent(w.ctx);
  });
});
