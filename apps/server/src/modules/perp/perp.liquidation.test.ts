import type { SwapLiquidation, SwapPosition } from '@bourse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestUser } from '../../test/harness';
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

afterEach(async () => {
  await w.server.close();
});

/** Everything the futures desk moves: users' contract wallets and pots, fees, the fund, the clearing, the maker. */
function total(uids: number[]): bigint {
  const { ledger } = w.ctx;
  let sum = 0n;
  for (const uid of uids)
    for (const acc of ledger.userAccounts(uid)) if (acc.wallet === 'contract') sum += acc.available + acc.frozen;
  for (const name of [SYSTEM.fees, SYSTEM.insuranceFund, 'perp_clearing', 'perp_mm']) {
    const b = ledger.balance(system(name, 'USDT', 'contract'));
    sum += b.available + b.frozen;
  }
  return sum;
}

const fundBalance = () => w.ctx.ledger.balance(system(SYSTEM.insuranceFund, 'USDT', 'contract')).available;

async function trader(amount: string): Promise<TestUser> {
  const u = await registerUser(w.server);
  await fundContract(w.ctx, [{ uid: u.uid, amount }]);
  return u;
}

async function setup(u: TestUser, symbol: string, leverage: number, marginMode: 'cross' | 'isolated') {
  expect((await post(w.server, '/mapi/swap/marginMode', { symbol, marginMode }, { token: u.token })).body.code).toBe(
    200,
  );
  expect((await post(w.server, '/mapi/swap/leverage', { symbol, leverage }, { token: u.token })).body.code).toBe(200);
}

/** The index moves and the mark job runs once (marks, TP/SL, the liquidation sweep). */
function move(symbol: string, price: string): void {
  w.index.set(symbol, price);
  w.clock.advance(1000);
  w.ctx.perp.tick(w.clock.now());
}

/** The index moves and stays: the maker re-quotes around it each second until the mark's basis has washed out. */
function settle(symbol: string, price: string, seconds = 70): void {
  w.index.set(symbol, price);
  for (let i = 0; i < seconds; i++) {
    w.clock.advance(1000);
    w.ctx.perp.tick(w.clock.now());
    w.ctx.perp.quote();
  }
}

describe('liquidation by mark price', () => {
  it('is avoided by cancelling the account’s orders when that restores the margin', async () => {
    w = await startPerpServer();
    w.ctx.perp.quote();
    const a = await trader('1000');
    await setup(a, 'BTC_USDT', 20, 'cross');
    expect((await order(w.server, a, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 100 })).body.code).toBe(
      200,
    );
    const resting = await order(w.server, a, {
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '19000',
      lots: 900,
    });
    expect(resting.body.data.status).toBe('entrusted');
    w.ctx.perp.pullQuotes();
    move('BTC_USDT', '18500');
    const [pos] = await positions(w.server, a);
    expect(pos?.lots).toBe(100);
    const open = await get<{ list: unknown[] }>(w.server, '/mapi/swap/openOrders', { token: a.token });
    expect(open.body.data.list).toEqual([]);
    expect(contractBalance(w.ctx, a.uid).frozen).toBe(0n);
    const op = await loginOperator(w.server);
    const liq = await get<{ list: SwapLiquidation[] }>(w.server, '/admin/api/swap/liquidations', { token: op.token });
    expect(liq.body.data.list.map((l) => l.action)).toEqual(['cancel_orders']);
    expectPerpConsistent(w.ctx);
  });

  it('closes part of a large position on a 20% drop and leaves it above maintenance plus the buffer', async () => {
    w = await startPerpServer();
    w.ctx.perp.quote();
    const a = await trader('10000');
    await setup(a, 'BTC_USDT', 10, 'cross');
    const before = total([a.uid]);
    expect((await order(w.server, a, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 4000 })).body.code).toBe(
      200,
    );
    expect((await positions(w.server, a))[0]?.lots).toBe(4000);
    // Notional ~80,000 at 10x: IM 8,000 of the 10,000; a 20% drop loses ~16,000 → bankrupt, closed whole.
    settle('BTC_USDT', '16000');
    const after = await positions(w.server, a);
    expect(after).toEqual([]);
    const hist = await get<{ list: SwapPosition[] }>(w.server, '/mapi/swap/positionHistory', { token: a.token });
    expect(hist.body.data.list[0]?.closeKind).toBe('liquidation');
    expect(total([a.uid])).toBe(before);
    expectPerpConsistent(w.ctx);

    // A smaller loss: 4% drop on a 10x long of 2,000 lots with a wallet of 20,000 → partial close only.
    const b = await trader('6000');
    await setup(b, 'ETH_USDT', 20, 'cross');
    expect((await order(w.server, b, { symbol: 'ETH_USDT', side: 'buy', type: 'market', lots: 9000 })).body.code).toBe(
      200,
    );
    const [opened] = await positions(w.server, b);
    w.ctx.perp.quote();
    // Entry ≈ 1,001.4 (five ask levels); equity 6,000 − 45 fee − 90 × (1,001.4 − mark); MM = 0.5% × 90,000 − 50 =
    // 400: liquidated at a mark ≤ ~939.6. The book settles at 945 first, then the index steps to 939.
    settle('ETH_USDT', '945');
    expect((await positions(w.server, b))[0]?.lots).toBe(9000);
    move('ETH_USDT', '939');
    const [left] = await positions(w.server, b);
    expect(left).toBeDefined();
    expect(left?.lots).toBeLessThan(opened?.lots ?? 0);
    expect(left?.lots).toBeGreaterThan(0);
    expect(left?.inLiquidation).toBe(false);
    const acct = await get<{ crossEquity: string; crossMaintenanceMargin: string }>(w.server, '/mapi/swap/account', {
      token: b.token,
    });
    expect(Number(acct.body.data.crossEquity)).toBeGreaterThanOrEqual(
      Number(acct.body.data.crossMaintenanceMargin) * 1.2,
    );
    expectPerpConsistent(w.ctx);
  });

  it('gives a bankrupt position to the insurance fund when the book is empty; the fund moves by the deficit', async () => {
    w = await startPerpServer();
    w.ctx.perp.quote();
    const a = await trader('100');
    await setup(a, 'BTC_USDT', 50, 'isolated');
    const before = total([a.uid]);
    expect((await order(w.server, a, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 200 })).body.code).toBe(
      200,
    );
    const [pos] = await positions(w.server, a);
    expect(pos?.marginMode).toBe('isolated');
    w.ctx.perp.pullQuotes();
    const fund0 = fundBalance();
    move('BTC_USDT', '19000');
    expect(await positions(w.server, a)).toEqual([]);
    const ins = await get<{ positions: { symbol: string; side: string; lots: number }[] }>(
      w.server,
      '/admin/api/swap/insurance',
      {
        token: (await loginOperator(w.server)).token,
      },
    );
    expect(ins.body.data.positions).toEqual([expect.objectContaining({ symbol: 'BTC_USDT', side: 'long', lots: 200 })]);
    // Taken at the bankruptcy value: the margin is gone, nothing came back to the wallet.
    expect(fundBalance()).toBe(fund0);
    expect(total([a.uid])).toBe(before);
    expectPerpConsistent(w.ctx);
  });

  it('unwinds the positions the fund took over into the book on the scheduler, a slice at a time', async () => {
    w = await startPerpServer();
    w.ctx.perp.quote();
    const traders = [await trader('2000'), await trader('2000')];
    for (const t of traders) await setup(t, 'BTC_USDT', 50, 'isolated');
    const uids = traders.map((t) => t.uid);
    const before = total(uids);
    // Two 50× longs of 2,000 lots (40,000 USDT each at 20,000): 80,000 USDT the fund takes when the book is empty.
    for (const t of traders)
      expect(
        (await order(w.server, t, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 2000 })).body.code,
      ).toBe(200);
    w.ctx.perp.pullQuotes();
    move('BTC_USDT', '19000');
    const fund = w.ctx.perp.accountOf(w.ctx.perp.fundOwner());
    const taken = fund.positions.get(w.ctx.perp.runtimeOf('BTC_USDT').c.id);
    expect(taken?.p.lots).toBe(4000n);
    expect(taken?.p.side).toBe('long');
    // The maker quotes again around the new index; the fund's job sells its long into the bids in slices of at most
    // 50,000 USDT (about 2,631 lots at 19,000): two runs, ten seconds apart.
    w.ctx.perp.quote();
    const { clock, server } = w;
    const lotsAfterRuns: bigint[] = [];
    for (let run = 0; run < 3; run++) {
      clock.advance(10_000);
      w.ctx.perp.quote();
      await server.runDue();
      lotsAfterRuns.push(fund.positions.get(w.ctx.perp.runtimeOf('BTC_USDT').c.id)?.p.lots ?? 0n);
    }
    expect(lotsAfterRuns[0]).toBeGreaterThan(0n);
    expect(lotsAfterRuns[0]).toBeLessThan(4000n);
    expect(lotsAfterRuns[2]).toBe(0n);
    const ins = await get<{ positions: unknown[] }>(w.server, '/admin/api/swap/insurance', {
      token: (await loginOperator(w.server)).token,
    });
    expect(ins.body.data.positions).toEqual([]);
    // What the fund got for it is its own PnL: the desk's money is unchanged to the unit, the ledger balances.
    expect(total(uids)).toBe(before);
    expectPerpConsistent(w.ctx);
  });

  it('deleverages the most profitable opposite position when the fund cannot carry the loss', async () => {
    w = await startPerpServer({ fund: '0' });
    w.ctx.perp.quote();
    const a = await trader('100');
    const b = await trader('5000');
    await setup(a, 'BTC_USDT', 50, 'isolated');
    await setup(b, 'BTC_USDT', 10, 'cross');
    const before = total([a.uid, b.uid]);
    expect((await order(w.server, a, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 200 })).body.code).toBe(
      200,
    );
    expect((await order(w.server, b, { symbol: 'BTC_USDT', side: 'sell', type: 'market', lots: 300 })).body.code).toBe(
      200,
    );
    w.ctx.perp.pullQuotes();
    move('BTC_USDT', '18000');
    expect(await positions(w.server, a)).toEqual([]);
    const [bpos] = await positions(w.server, b);
    expect(bpos?.lots).toBe(100);
    const op = await loginOperator(w.server);
    const adl = await get<{ list: { uid: number; lots: number }[] }>(w.server, '/admin/api/swap/adl', {
      token: op.token,
    });
    expect(adl.body.data.list).toEqual([expect.objectContaining({ uid: b.uid, lots: 200 })]);
    expect(total([a.uid, b.uid])).toBe(before);
    expect(fundBalance()).toBeGreaterThanOrEqual(0n);
    expectPerpConsistent(w.ctx);
  });

  it('never touches an isolated position for a cross loss', async () => {
    w = await startPerpServer();
    w.ctx.perp.quote();
    const a = await trader('1000');
    await setup(a, 'ETH_USDT', 10, 'isolated');
    expect((await order(w.server, a, { symbol: 'ETH_USDT', side: 'buy', type: 'market', lots: 100 })).body.code).toBe(
      200,
    );
    const [iso] = await positions(w.server, a);
    await setup(a, 'BTC_USDT', 50, 'cross');
    expect((await order(w.server, a, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 1500 })).body.code).toBe(
      200,
    );
    settle('BTC_USDT', '14000');
    const now = await positions(w.server, a);
    expect(now.map((p) => p.symbol)).toEqual(['ETH_USDT']);
    expect(now[0]?.margin).toBe(iso?.margin);
    expect(contractBalance(w.ctx, a.uid).available).toBeGreaterThanOrEqual(0n);
    expect(units('0')).toBe(0n);
    expectPerpConsistent(w.ctx);
  });
});
