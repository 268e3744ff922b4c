import { ERRORS, type OptionRoundDetail, type OptionTicker } from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, LiveClient, registerUser, type TestUser } from '../../test/harness';
import {
  expectOptionsConsistent,
  fundOptions,
  join,
  type OptionsWorld,
  optionsBalance,
  startOptionsServer,
  T0,
  tickTo,
  usdt,
} from './testing';

/** Rounds on the scheduler, driven by a clock that stands still until the test moves it. */
describe('option rounds on the scheduler', () => {
  let world: OptionsWorld;
  let alice: TestUser;
  let bob: TestUser;
  // The round of 30 s that opens at T0 + 30 s (the clock starts at T0).
  const OPEN = T0 + 30_000;
  const CLOSE = OPEN + 30_000;
  const ROUND = OPEN / 30_000;

  beforeEach(async () => {
    world = await startOptionsServer();
    alice = await registerUser(world.server);
    bob = await registerUser(world.server);
    await fundOptions(world.ctx, [
      { uid: alice.uid, amount: '1000' },
      { uid: bob.uid, amount: '1000' },
    ]);
  });
  afterEach(async () => {
    await world.server.close();
  });

  const bet = (side: 'up' | 'down', over: Record<string, unknown> = {}) => ({
    symbol: 'BTC_USDT',
    period: 30,
    round: ROUND,
    side,
    amount: '100',
    ...over,
  });

  it('accepts a bet at the open instant minus 1 ms and refuses one at the instant and 1 ms after', async () => {
    await tickTo(world, OPEN - 1000);
    world.clock.set(OPEN - 1);
    expect((await join(world.server, alice, bet('up'))).body.code).toBe(200);
    world.clock.set(OPEN);
    const atOpen = await join(world.server, bob, bet('down'));
    expect(atOpen.body.code).toBe(ERRORS.OPTION_ROUND_STARTED.code);
    world.clock.set(OPEN + 1);
    const late = await join(world.server, bob, bet('down'), 'en');
    expect(late.body).toMatchObject({
      code: ERRORS.OPTION_ROUND_STARTED.code,
      msg: 'This round has already started. Join the next one.',
    });
    expect(optionsBalance(world.ctx, bob.uid)).toEqual({ available: usdt('1000'), frozen: 0n });
    // From the open instant on the next round is the one to join.
    expect((await join(world.server, bob, bet('down', { round: ROUND + 1 }))).body.code).toBe(200);
    expectOptionsConsistent(world.ctx);
  });

  it('fixes the open price at the open instant and settles on the close from the series', async () => {
    expect((await join(world.server, alice, bet('up'))).body.code).toBe(200);
    expect((await join(world.server, bob, bet('down', { amount: '250' }))).body.code).toBe(200);
    world.index.set('BTC_USDT', '100000.004'); // shown at 2 decimals: 100000.00
    await tickTo(world, OPEN);
    const open = world.ctx.options.rounds('BTC_USDT', 30, undefined, 5).find((r) => r.number === ROUND);
    expect(open).toMatchObject({ state: 'in_progress', openPrice: '100000.00', openIndexAt: OPEN, source: 'test' });
    // The index moves during the round; only the close instant counts.
    world.index.set('BTC_USDT', '99000');
    await tickTo(world, CLOSE - 1000);
    world.index.set('BTC_USDT', '100000.01');
    await tickTo(world, CLOSE - 1);
    expect(world.ctx.options.rounds('BTC_USDT', 30, undefined, 5).find((r) => r.number === ROUND)?.state).toBe(
      'in_progress',
    );
    world.clock.set(CLOSE);
    await world.server.runDue();
    const settled = await get<OptionRoundDetail>(world.server, `/api/common/option/round/${open?.id}`);
    expect(settled.body.data.round).toMatchObject({
      state: 'settled',
      openPrice: '100000.00',
      closePrice: '100000.01',
      closeIndexAt: CLOSE,
      outcome: 'up',
      bets: 2,
      payout: '180',
      poolResult: '170',
    });
    expect(settled.body.data.bets.map((b) => [b.side, b.state, b.payout])).toEqual([
      ['up', 'win', '180'],
      ['down', 'loss', '0'],
    ]);
    // The round's series runs from its open to its close, one point a second.
    expect(settled.body.data.series.points).toHaveLength(31);
    expect(settled.body.data.series.points.at(0)).toMatchObject({ t: OPEN, price: '100000.00' });
    expect(settled.body.data.series.points.at(-1)).toMatchObject({ t: CLOSE, price: '100000.01' });
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('1080'), frozen: 0n });
    expect(optionsBalance(world.ctx, bob.uid)).toEqual({ available: usdt('750'), frozen: 0n });
    // The pool took Bob's 250 and paid Alice's 80.
    expect(
      world.ctx.ledger.balance({ owner: { kind: 'system', name: 'options_pool' }, wallet: 'options', asset: 'USDT' })
        .available,
    ).toBe(usdt('170'));
    expectOptionsConsistent(world.ctx);
  });

  it('returns the stake on a draw, keeps the fee, and pays fees to the fees account', async () => {
    const round60 = T0 / 60_000 + 1; // the 60 s round opening at T0 + 60 s
    const joined = await join(world.server, alice, bet('down', { period: 60, round: round60, amount: '100' }));
    expect(joined.body.data).toMatchObject({ fee: '0.2', payoutRatio: '0.85' });
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('899.8'), frozen: usdt('100.2') });
    await tickTo(world, (round60 + 1) * 60_000);
    const history = world.ctx.options.history(alice.uid, { page: 1, size: 10 });
    expect(history.list[0]).toMatchObject({ state: 'draw', payout: '100', profit: '-0.2', outcome: 'flat' });
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('999.8'), frozen: 0n });
    expect(
      world.ctx.ledger.balance({ owner: { kind: 'system', name: 'fees' }, wallet: 'options', asset: 'USDT' }).available,
    ).toBe(usdt('0.2'));
    expectOptionsConsistent(world.ctx);
  });

  it('voids and refunds a round whose close has no price in the series', async () => {
    await join(world.server, alice, bet('up', { amount: '100' }));
    await tickTo(world, OPEN);
    world.index.clear('BTC_USDT');
    await tickTo(world, CLOSE);
    const [round] = world.ctx.options.rounds('BTC_USDT', 30, CLOSE, 1);
    expect(round).toMatchObject({ number: ROUND, state: 'void', voidReason: 'no_close_price', payout: '100' });
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('1000'), frozen: 0n });
    expectOptionsConsistent(world.ctx);
  });

  it('settles rounds whose close passed during downtime once, from the series, when time resumes', async () => {
    // Two rounds joined; the series has prices up to the first close, then the server is "down" for a minute.
    await join(world.server, alice, bet('up'));
    await tickTo(world, OPEN);
    expect((await join(world.server, bob, bet('down', { round: ROUND + 1 }))).body.code).toBe(200);
    world.index.set('BTC_USDT', '100001');
    await tickTo(world, CLOSE - 1000);
    // The series job records the close instant, and the rounds job has not run for it yet.
    world.clock.set(CLOSE);
    world.ctx.tx.run(() => world.ctx.options.recordSeries(CLOSE));
    world.clock.set(CLOSE + 120_000);
    await world.server.runDue();
    const rounds = world.ctx.options.rounds('BTC_USDT', 30, CLOSE + 31_000, 2);
    // The second round opened at CLOSE (price recorded) and closed while nothing recorded the series: void.
    expect(rounds.map((r) => [r.number, r.state, r.outcome, r.voidReason])).toEqual([
      [ROUND + 1, 'void', null, 'no_close_price'],
      [ROUND, 'settled', 'up', null],
    ]);
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('1080'), frozen: 0n });
    expect(optionsBalance(world.ctx, bob.uid)).toEqual({ available: usdt('1000'), frozen: 0n });
    // Running again changes nothing: each round settled once.
    const entries = () =>
      (
        world.ctx.db
          .prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE reference LIKE 'options:round:%:settle'")
          .get() as {
          n: number;
        }
      ).n;
    expect(entries()).toBe(2);
    world.clock.advance(60_000);
    await world.server.runDue();
    expect(entries()).toBe(2);
    expectOptionsConsistent(world.ctx);
  });

  it('voids a joined round whose open instant passed with no price, and refunds it at once', async () => {
    await join(world.server, alice, bet('up'));
    world.clock.set(OPEN + 5000);
    await world.server.runDue();
    const [round] = world.ctx.options.rounds('BTC_USDT', 30, OPEN + 1, 1);
    expect(round).toMatchObject({ number: ROUND, state: 'void', voidReason: 'no_open_price' });
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('1000'), frozen: 0n });
    expectOptionsConsistent(world.ctx);
  });

  it('records a round for every pair and period as it opens, even without bets', async () => {
    await tickTo(world, T0 + 60_000);
    const thirty = world.ctx.options.rounds('ETH_USDT', 30, undefined, 10);
    expect(thirty.map((r) => [r.number, r.state])).toEqual([
      [(T0 + 60_000) / 30_000, 'in_progress'],
      [(T0 + 30_000) / 30_000, 'settled'],
    ]);
    const sixty = world.ctx.options.rounds('ETH_USDT', 60, undefined, 10);
    expect(sixty.map((r) => r.openAt)).toEqual([T0 + 60_000]);
  });

  it('pushes the index and the rounds each second on option-ticker, and 1-second candles on option-kline', async () => {
    const live = await LiveClient.connect(world.server.wsUrl);
    try {
      live.send({ op: 'sub', channel: 'option-ticker', symbol: 'BTC_USDT' });
      live.send({ op: 'sub', channel: 'option-kline', symbol: 'BTC_USDT' });
      const snapshot = await live.next((f) => f.channel === 'option-ticker');
      expect((snapshot.data as OptionTicker).periods.map((p) => p.period)).toEqual([30, 60]);
      await tickTo(world, T0 + 1000);
      world.index.set('BTC_USDT', '100010.5');
      await tickTo(world, T0 + 2000);
      const candle = await live.next(
        (f) => f.channel === 'option-kline' && (f.data as { candle: { t: number } }).candle.t === T0 + 2000,
      );
      expect((candle.data as { candle: unknown }).candle).toMatchObject({
        o: '100000.00',
        c: '100010.50',
        h: '100010.50',
      });
      const ticker = await live.next((f) => f.channel === 'option-ticker' && (f.data as OptionTicker).at === T0 + 2000);
      const data = ticker.data as OptionTicker;
      expect(data).toMatchObject({ symbol: 'BTC_USDT', price: '100010.50', serverTime: T0 + 2000, open: true });
      expect(data.periods[0]?.next).toMatchObject({ number: ROUND, openAt: OPEN, state: 'pending' });
      // The round that opened at T0 has no open price: the server started that second, nothing recorded it.
      expect(data.periods[0]?.current).toBeNull();
    } finally {
      live.close();
    }
  });
});
