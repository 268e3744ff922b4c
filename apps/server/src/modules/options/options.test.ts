import { ERRORS, type OptionBet, type OptionsConfig, type OptionTicker, type PagedOptionBets } from '@bourse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, loginOperator, post, registerUser, type TestUser } from '../../test/harness';
import {
  expectOptionsConsistent,
  fundOptions,
  join,
  nextRound,
  type OptionsWorld,
  optionsBalance,
  startOptionsServer,
  T0,
  tickTo,
  usdt,
} from './testing';

describe('options over HTTP', () => {
  let world: OptionsWorld;
  let alice: TestUser;

  beforeEach(async () => {
    world = await startOptionsServer();
    alice = await registerUser(world.server);
    await fundOptions(world.ctx, [{ uid: alice.uid, amount: '1000' }]);
  });
  afterEach(async () => {
    await world.server.close();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    symbol: 'BTC_USDT',
    period: 30,
    round: nextRound(world.clock.now(), 30),
    side: 'up',
    amount: '100',
    ...over,
  });

  it('publishes pairs, periods and terms without a login', async () => {
    await tickTo(world, T0 + 1000);
    const answer = await get<OptionsConfig>(world.server, '/api/common/option/config');
    expect(answer.body.code).toBe(200);
    const config = answer.body.data;
    expect(config.asset).toBe('USDT');
    expect(config.pairs.map((p) => p.symbol)).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(config.pairs[0]).toMatchObject({ pricePrecision: 2, open: true, index: '100000.00', indexAt: T0 + 1000 });
    expect(config.periods.map((p) => [p.period, p.payoutRatio, p.minAmount, p.maxAmount])).toEqual([
      [30, '0.8', '10', '10000'],
      [60, '0.85', '10', '10000'],
    ]);
  });

  it('joins the next round: stake held from the options wallet, the bet listed with its estimated open time', async () => {
    const round = nextRound(world.clock.now(), 30);
    const answer = await join(world.server, alice, body({ requestId: 'r-1' }));
    expect(answer.body.code).toBe(200);
    const bet = answer.body.data;
    expect(bet).toMatchObject({
      symbol: 'BTC_USDT',
      period: 30,
      number: round,
      side: 'up',
      amount: '100',
      fee: '0',
      payoutRatio: '0.8',
      state: 'open',
      roundState: 'pending',
      openAt: round * 30_000,
      closeAt: (round + 1) * 30_000,
      payout: null,
      profit: null,
    });
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('900'), frozen: usdt('100') });
    const open = await get<OptionBet[]>(world.server, '/mapi/option/open', { token: alice.token });
    expect(open.body.data.map((b) => b.id)).toEqual([bet.id]);
    const balance = await get(world.server, '/mapi/option/balance', { token: alice.token });
    expect(balance.body.data).toEqual({ asset: 'USDT', available: '900', frozen: '100' });
    // The same request id again answers the first result and holds nothing twice.
    const again = await join(world.server, alice, body({ requestId: 'r-1' }));
    expect(again.body.data.id).toBe(bet.id);
    expect(optionsBalance(world.ctx, alice.uid).frozen).toBe(usdt('100'));
    // The ticker shows the next round with its stake.
    const current = await get<OptionTicker>(world.server, '/api/common/option/current?symbol=BTC_USDT');
    const thirty = current.body.data.periods.find((p) => p.period === 30);
    expect(thirty?.next).toMatchObject({ number: round, state: 'pending', bets: 1, upAmount: '100' });
    expectOptionsConsistent(world.ctx);
  });

  it('refuses each broken rule with its catalogue message, changing nothing', async () => {
    const before = optionsBalance(world.ctx, alice.uid);
    const expectRefused = async (
      over: Record<string, unknown>,
      key: keyof typeof ERRORS,
      lang = 'en',
      msg?: string,
    ) => {
      const answer = await join(world.server, alice, body(over), lang);
      expect(answer.body.code, `${key}: ${answer.body.msg}`).toBe(ERRORS[key].code);
      if (msg) expect(answer.body.msg).toBe(msg);
      expect(optionsBalance(world.ctx, alice.uid)).toEqual(before);
    };
    await expectRefused(
      { amount: '9.99' },
      'OPTION_AMOUNT_OUT_OF_RANGE',
      'en',
      'The amount must be between 10 and 10000 USDT.',
    );
    await expectRefused({ amount: '10001' }, 'OPTION_AMOUNT_OUT_OF_RANGE', 'zh', '金额须在10至10000 USDT之间');
    await expectRefused({ amount: '10.001' }, 'AMOUNT_PRECISION');
    await expectRefused({ amount: '1000.01' }, 'INSUFFICIENT_BALANCE');
    await expectRefused({ side: 'sideways' }, 'INVALID_PARAMS');
    await expectRefused({ period: 45 }, 'OPTION_PERIOD_CLOSED');
    await expectRefused({ symbol: 'LTC_USDT' }, 'OPTION_PAIR_NOT_FOUND', 'fr', "Cette paire d'options n'existe pas.");
    await expectRefused({ round: nextRound(world.clock.now(), 30) - 1 }, 'OPTION_ROUND_STARTED');
    await expectRefused({ round: nextRound(world.clock.now(), 30) + 1 }, 'OPTION_ROUND_NOT_OPEN');
    const rows = world.ctx.db.prepare('SELECT COUNT(*) AS n FROM option_bets').get() as { n: number };
    expect(rows.n).toBe(0);
    expectOptionsConsistent(world.ctx);
  });

  it('takes one bet per user per round, and no more than the round cap', async () => {
    const bob = await registerUser(world.server);
    await fundOptions(world.ctx, [{ uid: bob.uid, amount: '60000' }]);
    expect((await join(world.server, alice, body())).body.code).toBe(200);
    const twice = await join(world.server, alice, body({ side: 'down' }), 'hk');
    expect(twice.body).toMatchObject({ code: ERRORS.ALREADY_JOINED_ROUND.code, msg: '您已參與本期' });
    // The same user may join the same period's next round of another pair, or another period.
    expect((await join(world.server, alice, body({ symbol: 'ETH_USDT' }))).body.code).toBe(200);
    expect(
      (await join(world.server, alice, body({ period: 60, round: nextRound(world.clock.now(), 60) }))).body.code,
    ).toBe(200);
    // Cap 50,000 per round: 100 taken, 10,000 a bet at most.
    const operator = await loginOperator(world.server, 'risk');
    const saved = await post(
      world.server,
      '/admin/api/options/periods',
      {
        period: 30,
        payoutRatio: '0.8',
        feeRate: '0',
        minAmount: '10',
        maxAmount: '10000',
        roundCap: '10050',
        enabled: true,
      },
      { token: operator.token },
    );
    expect(saved.body.code).toBe(200);
    const full = await join(world.server, bob, body({ amount: '10000' }), 'es');
    expect(full.body).toMatchObject({
      code: ERRORS.PRIZE_POOL_FULL.code,
      msg: 'El fondo de premios de esta ronda está completo.',
    });
    expect((await join(world.server, bob, body({ amount: '9950' }))).body.code).toBe(200);
    expectOptionsConsistent(world.ctx);
  });

  it('keeps market hours and the switches of pairs, periods and the product', async () => {
    const operator = await loginOperator(world.server, 'admin');
    const now = new Date(world.clock.now());
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    // Closed from the current minute on (open earlier today).
    const hours = { openMinute: 0, closeMinute: minute, days: [0, 1, 2, 3, 4, 5, 6] };
    const pair = (over: Record<string, unknown>) =>
      post(
        world.server,
        '/admin/api/options/pairs',
        { symbol: 'BTC_USDT', enabled: true, sort: 1, hours, ...over },
        {
          token: operator.token,
        },
      );
    expect((await pair({})).body.code).toBe(200);
    const closed = await join(world.server, alice, body(), 'zh');
    expect(closed.body).toMatchObject({ code: ERRORS.OPTION_MARKET_CLOSED.code, msg: '期权市场已休市' });
    expect((await pair({ hours: { openMinute: 0, closeMinute: 1440, days: [] } })).body.code).toBe(200);
    expect((await join(world.server, alice, body())).body.code).toBe(ERRORS.OPTION_MARKET_CLOSED.code);
    expect((await pair({ enabled: false, hours: { ...hours, closeMinute: 1440 } })).body.code).toBe(200);
    expect((await join(world.server, alice, body())).body.code).toBe(ERRORS.PAIR_CLOSED.code);
    const badHours = await pair({ hours: { openMinute: 600, closeMinute: 600, days: [1] } });
    expect(badHours.body.code).toBe(ERRORS.OPTION_SETTINGS_INVALID.code);
    // A new pair must be a spot market quoted in USDT.
    const unknown = await post(
      world.server,
      '/admin/api/options/pairs',
      { symbol: 'NOPE_USDT', enabled: true, sort: 3, hours: { ...hours, closeMinute: 1440 } },
      { token: operator.token },
    );
    expect(unknown.body.code).toBe(ERRORS.MARKET_NOT_FOUND.code);
    await post(
      world.server,
      '/admin/api/products/update',
      { key: 'options', enabled: false },
      { token: operator.token },
    );
    const off = await join(world.server, alice, body({ symbol: 'ETH_USDT' }));
    expect(off.body.code).toBe(ERRORS.PRODUCT_CLOSED.code);
    expect((await get(world.server, '/api/common/option/config')).body.code).toBe(ERRORS.PRODUCT_CLOSED.code);
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('1000'), frozen: 0n });
  });

  it('lets only the right operators change terms and read the house result', async () => {
    const support = await loginOperator(world.server, 'support');
    const finance = await loginOperator(world.server, 'finance');
    const period = {
      period: 30,
      payoutRatio: '0.9',
      feeRate: '0',
      minAmount: '10',
      maxAmount: '10000',
      roundCap: '50000',
      enabled: true,
    };
    const refused = await post(world.server, '/admin/api/options/periods', period, { token: support.token });
    expect(refused.body.code).toBe(ERRORS.UNAUTHORIZED_OPERATION.code);
    const house = await get(world.server, '/admin/api/options/house', { token: finance.token });
    expect(house.body.code).toBe(200);
    const risk = await loginOperator(world.server, 'risk');
    const invalid = await post(
      world.server,
      '/admin/api/options/periods',
      { ...period, maxAmount: '5' },
      { token: risk.token },
    );
    expect(invalid.body.code).toBe(ERRORS.OPTION_SETTINGS_INVALID.code);
    const tooFine = await post(
      world.server,
      '/admin/api/options/periods',
      { ...period, payoutRatio: '0.8500001' },
      {
        token: risk.token,
      },
    );
    expect(tooFine.body.code).toBe(ERRORS.OPTION_SETTINGS_INVALID.code);
    // A new ratio applies to bets placed from now on.
    expect((await post(world.server, '/admin/api/options/periods', period, { token: risk.token })).body.code).toBe(200);
    const bet = await join(world.server, alice, body());
    expect(bet.body.data.payoutRatio).toBe('0.9');
  });

  it('lists my history of the last 3 months with result and profit', async () => {
    const round = nextRound(world.clock.now(), 30);
    await join(world.server, alice, body({ round }));
    await tickTo(world, round * 30_000);
    world.index.set('BTC_USDT', '100050');
    await tickTo(world, (round + 1) * 30_000);
    const history = await get<PagedOptionBets>(world.server, '/mapi/option/history', { token: alice.token });
    expect(history.body.data.total).toBe(1);
    expect(history.body.data.list[0]).toMatchObject({
      state: 'win',
      payout: '180',
      profit: '80',
      roundState: 'settled',
      openPrice: '100000.00',
      closePrice: '100050.00',
      outcome: 'up',
    });
    const open = await get<OptionBet[]>(world.server, '/mapi/option/open', { token: alice.token });
    expect(open.body.data).toEqual([]);
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('1080'), frozen: 0n });
    expectOptionsConsistent(world.ctx);
  });
});
