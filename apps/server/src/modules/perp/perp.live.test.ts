import type {
  Candle,
  KlineFrame,
  SwapDepthFrame,
  SwapOrder,
  SwapOrderFrame,
  SwapPositionsFrame,
} from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, LiveClient, post, registerUser, type TestUser } from '../../test/harness';
import {
  contractBalance,
  expectPerpConsistent,
  fundContract,
  order,
  type PerpWorld,
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

async function socket(u?: TestUser): Promise<LiveClient> {
  const live = await LiveClient.connect(w.server.wsUrl);
  if (u) {
    live.send({ op: 'login', uid: u.uid, token: u.token });
    expect((await live.next((f) => f.channel === 'login')).code).toBe(200);
  }
  return live;
}

describe('swap channels and request ids', () => {
  it('sends the depth snapshot, my order with its fills, and my positions with live figures', async () => {
    const live = await socket(alice);
    live.send({ op: 'sub', channel: 'swap-depth', symbol: 'BTC_USDT' });
    const snap = (await live.next((f) => f.channel === 'swap-depth')).data as SwapDepthFrame;
    expect(snap.type).toBe('snapshot');
    expect(snap.bids.length).toBeGreaterThan(0);
    expect(snap.asks.length).toBeGreaterThan(0);
    live.send({ op: 'sub', channel: 'swap-entrust-order' });
    live.send({ op: 'sub', channel: 'swap-positions' });
    const first = (
      await live
        .next((f) => f.channel === 'swap-positions')
        .catch((e) => {
          throw new Error(JSON.stringify(live.frames) + e);
        })
    ).data as SwapPositionsFrame;
    expect(first.positions).toEqual([]);
    expect(first.account.available).toBe('1000');
    const placed = await order(w.server, alice, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 10 });
    const frame = (
      await live.next((f) => f.channel === 'swap-entrust-order' && (f.data as SwapOrderFrame).fills.length > 0)
    ).data as SwapOrderFrame;
    expect(frame.order.id).toBe(placed.body.data.id);
    expect(frame.fills[0]?.lots).toBe(10);
    w.clock.advance(1000);
    w.ctx.perp.tick(w.clock.now());
    const pos = (
      await live.next((f) => f.channel === 'swap-positions' && (f.data as SwapPositionsFrame).positions.length > 0)
    ).data as SwapPositionsFrame;
    expect(pos.positions[0]?.lots).toBe(10);
    // Bought at the maker's first ask, 20,010.0; marked at the index 20,000 (no basis, the book is centred on it).
    expect(pos.positions[0]?.markPrice).toBe('20000');
    expect(pos.positions[0]?.unrealizedPnl).toBe('-0.1');
    // Cross with 1,000 USDT behind 0.01 BTC: no positive price liquidates it ("--").
    expect(pos.positions[0]?.liquidationPrice).toBeNull();
    expect(pos.account.transferLocked).toBe(true);
    live.close();
  });

  it('pushes the live candle of every period on swap-kline, each aggregated from the minutes', async () => {
    const live = await socket();
    for (const period of ['1m', '5m', '1h', '1d'])
      live.send({ op: 'sub', channel: 'swap-kline', symbol: 'BTC_USDT', period });
    for (let i = 0; i < 4; i++) await live.next((f) => f.channel === 'sub');
    expect(
      (await order(w.server, alice, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 10 })).body.code,
    ).toBe(200);
    // A minute later, a second trade: the 1m candle holds it alone, the longer ones both.
    w.clock.advance(60_000);
    w.ctx.perp.quote();
    expect((await order(w.server, alice, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 5 })).body.code).toBe(
      200,
    );
    const candleOf = async (period: string) =>
      (
        (
          await live.next(
            (f) =>
              f.channel === 'swap-kline' &&
              (f.data as KlineFrame).period === period &&
              (f.data as KlineFrame).candle.t <= w.clock.now() &&
              (period === '1m'
                ? (f.data as KlineFrame).candle.v === '0.005'
                : (f.data as KlineFrame).candle.v === '0.015'),
          )
        ).data as KlineFrame
      ).candle;
    expect((await candleOf('1m')).v).toBe('0.005');
    for (const period of ['5m', '1h', '1d']) {
      const candle = await candleOf(period);
      const [rest] = (await get<Candle[]>(w.server, `/api/swap/kline?symbol=BTC_USDT&period=${period}&limit=1`)).body
        .data;
      // The same figures the HTTP call aggregates.
      expect(candle).toEqual(rest);
    }
    live.close();
  });

  it('opens a quiet minute’s candle flat at the last close, live and in the history', async () => {
    const live = await socket();
    live.send({ op: 'sub', channel: 'swap-kline', symbol: 'BTC_USDT', period: '1m' });
    await live.next((f) => f.channel === 'sub');
    expect(
      (await order(w.server, alice, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 10 })).body.code,
    ).toBe(200);
    const traded = (await get<Candle[]>(w.server, '/api/swap/kline?symbol=BTC_USDT&period=1m&limit=1')).body.data[0];
    expect(traded?.v).toBe('0.01');

    // The next minute starts with no trade: its candle shows at once, flat at the close, with no volume.
    const next = Math.floor(w.clock.now() / 60_000) * 60_000 + 60_000;
    w.clock.set(next + 1_000);
    w.ctx.perp.tick(w.clock.now());
    const opened = (await live.next((f) => f.channel === 'swap-kline' && (f.data as KlineFrame).candle.t === next))
      .data as KlineFrame;
    expect(opened.candle).toMatchObject({ o: traded?.c, h: traded?.c, l: traded?.c, c: traded?.c, v: '0' });

    // Two minutes later a trade: the history has the quiet minutes between, flat, and no hole.
    w.clock.set(next + 2 * 60_000 + 1_000);
    w.ctx.perp.quote();
    expect((await order(w.server, alice, { symbol: 'BTC_USDT', side: 'buy', type: 'market', lots: 5 })).body.code).toBe(
      200,
    );
    const history = (await get<Candle[]>(w.server, '/api/swap/kline?symbol=BTC_USDT&period=1m&limit=4')).body.data;
    expect(history.map((k) => k.t)).toEqual([next - 60_000, next, next + 60_000, next + 2 * 60_000]);
    expect(history.slice(1, 3).map((k) => [k.o, k.c, k.v])).toEqual([
      [traded?.c, traded?.c, '0'],
      [traded?.c, traded?.c, '0'],
    ]);
    expect(history[3]?.v).toBe('0.005');
    live.close();
  });

  it('answers a repeated clientOrderId with the first order and moves the money once', async () => {
    const body = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '19900', lots: 5, clientOrderId: 'c-1' };
    const one = await order(w.server, alice, body);
    const two = await order(w.server, alice, body);
    expect(two.body.data.id).toBe(one.body.data.id);
    const frozen = contractBalance(w.ctx, alice.uid).frozen;
    expect(frozen).toBe(units(one.body.data.frozen));
    expect(frozen).toBeGreaterThan(0n);
    const leverage = await post(
      w.server,
      '/mapi/swap/leverage',
      { symbol: 'BTC_USDT', leverage: 10, requestId: 'r-1' },
      { token: alice.token },
    );
    expect(leverage.body.code).toBe(4509);
    expect(
      (await post<SwapOrder>(w.server, '/mapi/swap/cancel', { id: one.body.data.id }, { token: alice.token })).body.data
        .status,
    ).toBe('cancelled');
    expectPerpConsistent(w.ctx);
  });
});
