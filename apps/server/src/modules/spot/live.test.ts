import type { DepthFrame, OrderFrame } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, LiveClient, registerUser, type TestServer, type TestUser } from '../../test/harness';
import { system, user } from '../ledger';
import { expectConsistent, fund, order, placed, startSpotServer } from './testing';
import type { TradeEvent } from './types';

let server: TestServer;
let maker: TestUser;
let taker: TestUser;
const trades: TradeEvent[][] = [];

beforeAll(async () => {
  server = await startSpotServer();
  maker = await registerUser(server);
  taker = await registerUser(server);
  await fund(server.ctx, [
    { uid: maker.uid, asset: 'TRX', amount: '100000' },
    { uid: taker.uid, asset: 'USDT', amount: '100000' },
  ]);
  server.ctx.spot.onTrades((batch) => trades.push([...batch]));
});
afterAll(async () => {
  await server.close();
});

const trx = (side: 'buy' | 'sell', price: string, quantity: string) => ({
  symbol: 'TRX_USDT',
  side,
  type: 'limit' as const,
  price,
  quantity,
});

async function socket(u?: TestUser): Promise<LiveClient> {
  const live = await LiveClient.connect(server.wsUrl);
  if (u) {
    live.send({ op: 'login', uid: u.uid, token: u.token });
    expect((await live.next((f) => f.channel === 'login')).code).toBe(200);
  }
  return live;
}

describe('spot-depth', () => {
  it('sends a snapshot, then diffs whose prevSeq chains to the previous frame', async () => {
    const live = await socket();
    live.send({ op: 'sub', channel: 'spot-depth', symbol: 'TRX_USDT' });
    const snap = (await live.next((f) => f.channel === 'spot-depth')).data as DepthFrame;
    expect(snap).toMatchObject({ type: 'snapshot', symbol: 'TRX_USDT', bids: [], asks: [] });

    await placed(server, maker, trx('sell', '0.25', '100'));
    const d1 = (await live.next((f) => f.channel === 'spot-depth')).data as DepthFrame;
    expect(d1).toMatchObject({ type: 'diff', prevSeq: snap.seq, asks: [['0.25', '100']], bids: [] });
    expect(d1.seq).toBeGreaterThan(snap.seq);

    // A refused order changes no level and sends nothing.
    expect((await order(server, taker, { ...trx('buy', '0.25', '100'), postOnly: true })).body.code).toBe(4009);

    await placed(server, taker, trx('buy', '0.25', '40'));
    const d2 = (await live.next((f) => f.channel === 'spot-depth')).data as DepthFrame;
    expect(d2).toMatchObject({ type: 'diff', prevSeq: d1.seq, asks: [['0.25', '60']] });

    // The REST snapshot carries the same sequence, so diffs continue from it.
    const rest = await get<{ seq: number }>(server, '/api/common/getDepth?symbol=TRX_USDT');
    expect(rest.body.data.seq).toBe(d2.seq);

    // Commands that arrive together are committed together and coalesced into one frame.
    const spot = server.ctx.spot;
    await Promise.all([
      spot.placeOrder({ kind: 'user', uid: maker.uid }, { ...trx('sell', '0.2501', '100'), ...defaults }),
      spot.placeOrder({ kind: 'user', uid: maker.uid }, { ...trx('sell', '0.2502', '100'), ...defaults }),
      spot.placeOrder({ kind: 'user', uid: taker.uid }, { ...trx('buy', '0.25', '60'), ...defaults }),
    ]);
    const d3 = (await live.next((f) => f.channel === 'spot-depth')).data as DepthFrame;
    expect(d3.prevSeq).toBe(d2.seq);
    expect([...d3.asks].sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
      ['0.25', '0'],
      ['0.2501', '100'],
      ['0.2502', '100'],
    ]);
    live.close();
  });
});

const defaults = { timeInForce: 'GTC', postOnly: false, selfTrade: 'cancel_taker' } as const;

describe('private order channels', () => {
  it('sends my open orders as they change and my finished orders, only to me, only after commit', async () => {
    const mine = await socket(maker);
    const theirs = await socket(taker);
    mine.send({ op: 'sub', channel: 'spot-entrust-order' });
    mine.send({ op: 'sub', channel: 'spot history-order' });
    theirs.send({ op: 'sub', channel: 'spot-entrust-order' });
    await mine.next((f) => f.channel === 'sub' && (f.data as { channel: string }).channel === 'spot history-order');

    const ask = await placed(server, maker, trx('sell', '0.24', '100'));
    const opened = (await mine.next((f) => f.channel === 'spot-entrust-order')).data as OrderFrame;
    expect(opened.order).toMatchObject({ id: ask.id, status: 'open' });
    expect(opened.fills).toEqual([]);

    await placed(server, taker, trx('buy', '0.24', '30'));
    const partial = (await mine.next((f) => f.channel === 'spot-entrust-order')).data as OrderFrame;
    expect(partial.order).toMatchObject({ id: ask.id, status: 'partial', filledQuantity: '30' });
    expect(partial.fills).toMatchObject([
      { role: 'maker', price: '0.24', quantity: '30', quote: '7.2', fee: '0.0072' },
    ]);
    // The taker's own socket saw its order (filled at once) and never the maker's.
    const takerFrame = (await theirs.next((f) => f.channel === 'spot-entrust-order')).data as OrderFrame;
    expect(takerFrame.order.status).toBe('filled');
    expect(theirs.frames.some((f) => (f.data as OrderFrame | undefined)?.order?.id === ask.id)).toBe(false);

    await get(server, `/mapi/spot/cancel/${ask.id}`, { token: maker.token });
    const cancelled = (await mine.next((f) => f.channel === 'spot-entrust-order')).data as OrderFrame;
    expect(cancelled.order.status).toBe('cancelled');
    const finished = (await mine.next((f) => f.channel === 'spot history-order')).data as OrderFrame;
    expect(finished.order).toMatchObject({ id: ask.id, status: 'cancelled', filledQuantity: '30' });
    mine.close();
    theirs.close();
  });

  it('refuses a private channel without login', async () => {
    const anon = await socket();
    anon.send({ op: 'sub', channel: 'spot-entrust-order' });
    expect((await anon.next((f) => f.channel === 'spot-entrust-order')).code).toBe(401);
    anon.close();
  });
});

describe('for other modules', () => {
  it('announces committed trades, serves them for backfill, and prices balances for the wallet', async () => {
    const before = trades.length;
    const sell = await placed(server, maker, trx('sell', '0.23', '1000'));
    const buy = await placed(server, taker, trx('buy', '0.23', '500'));
    const batch = trades.slice(before).flat();
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({
      symbol: 'TRX_USDT',
      price: '0.23',
      quantity: '500',
      quote: '115',
      takerSide: 'buy',
      makerOrderId: sell.id,
      takerOrderId: buy.id,
      maker: { kind: 'user', uid: maker.uid },
      taker: { kind: 'user', uid: taker.uid },
      buyerFee: 50000000n,
      sellerFee: 11500000n,
    });
    const id = batch[0]?.id ?? 0;
    expect(server.ctx.spot.recentTrades('TRX_USDT', 1)[0]).toMatchObject({ id, price: '0.23' });
    const since = server.ctx.spot.tradesSince('TRX_USDT', 0);
    expect(since.at(-1)?.id).toBe(id);
    expect(since.map((t) => t.id)).toEqual([...since.map((t) => t.id)].sort((a, b) => a - b));
    expect(server.ctx.spot.ticker('TRX_USDT').last).toBe('0.23');
    // The wallet values TRX at the last price: 0.23 USDT in USDT ledger units.
    expect(server.ctx.spot.usdtPrice('TRX')).toBe(23_000_000n);
    expect(server.ctx.spot.usdtPrice('XRP')).toBeNull();
  });

  it('lets a market maker (a system owner) trade through the same service', async () => {
    const { spot, ledger } = server.ctx;
    const bot = spot.systemOwner('mm-test');
    const ask = { ...trx('sell', '0.2', '100'), ...defaults };
    await expect(spot.placeOrder(bot, ask)).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    ledger.transfer({
      reference: 'test:fund-bot',
      reason: 'test.fund',
      from: user(maker.uid, 'spot', 'TRX'),
      to: system('mm-test', 'TRX'),
      amount: 1000_00000000n,
    });
    const resting = await spot.placeOrder(bot, ask);
    expect(spot.restingOrders(bot, 'TRX_USDT').map((o) => o.id)).toEqual([resting.id]);
    const before = trades.length;
    await placed(server, taker, trx('buy', '0.2', '100'));
    expect(trades.slice(before).flat()[0]).toMatchObject({ maker: { kind: 'system', name: 'mm-test' } });
    expect(ledger.balance(system('mm-test', 'USDT')).available).toBe(19_98000000n);
    expect(spot.restingOrders(bot)).toEqual([]);
    expect(() => spot.systemOwner('fees')).toThrow();
    expectConsistent(server.ctx);
  });
});
