import { settleOptionBet } from '@bourse/engine';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { OptionBet } from '@bourse/contract';
import { get, registerUser } from '../../test/harness';
import { tempDatabase } from '../../test/db';
import { type BetState, createOptionsRepo } from './repo';
import {
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

/**
 * A round's bets are written in one statement with the settlement rule repeated in SQL; the service checks what was
 * written against the rule's results in memory. Here: the SQL gives every bet the rule's payout, whatever its terms,
 * and a difference fails the settlement, leaving the round to settle later.
 */
describe('settling a round’s bets in one statement', () => {
  const disposers: (() => unknown)[] = [];
  afterEach(async () => {
    for (const dispose of disposers.splice(0)) await dispose();
  });

  it('writes the payout of the settlement rule for any stake, fee and payout ratio', () => {
    const { db, dispose } = tempDatabase();
    disposers.push(dispose);
    const repo = createOptionsRepo(db);
    const results: readonly { up: BetState; down: BetState; open: bigint | null; close: bigint | null }[] = [
      { up: 'win', down: 'loss', open: 100n, close: 101n },
      { up: 'loss', down: 'win', open: 100n, close: 99n },
      { up: 'draw', down: 'draw', open: 100n, close: 100n },
      { up: 'void', down: 'void', open: null, close: null },
    ];
    let number = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            side: fc.constantFrom('up' as const, 'down' as const),
            // Up to the largest stake whose payout at 100× still fits 64 bits, and the largest ratio allowed.
            stake: fc.bigInt({ min: 1n, max: 91_000_000_000_000_000n }),
            fee: fc.bigInt({ min: 0n, max: 1_000_000_000_000n }),
            ppm: fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(0, 999_999, 1_000_000, 800_000)),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom(...results),
        (bets, result) => {
          number++;
          const roundId = repo.insertRound({
            symbol: 'BTC_USDT',
            period: 30,
            number,
            open_at: number * 30_000,
            close_at: (number + 1) * 30_000,
            state: 'pending',
            price_scale: 2,
            open_price: null,
            open_index_at: null,
            source: null,
            created_at: 0,
          });
          const ids = bets.map((b, uid) =>
            repo.insertBet({
              round_id: roundId,
              uid,
              side: b.side,
              stake: b.stake,
              fee: b.fee,
              payout_ppm: b.ppm,
              request_id: null,
              created_at: 0,
            }),
          );
          expect(repo.settleRoundBets(roundId, result.up, result.down, 1)).toBe(bets.length);
          bets.forEach((b, k) => {
            const rule = settleOptionBet(result.open, result.close, {
              side: b.side,
              stake: b.stake,
              fee: b.fee,
              payoutPpm: b.ppm,
            });
            const row = repo.betWithRound(ids[k] as number);
            expect({ state: row?.state, payout: row?.payout }).toEqual({ state: rule.result, payout: rule.payout });
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fails the settlement when the bets written differ from the rule, and settles once they agree', async () => {
    const world: OptionsWorld = await startOptionsServer();
    disposers.push(() => world.server.close());
    const [alice, bob] = [await registerUser(world.server), await registerUser(world.server)];
    await fundOptions(world.ctx, [
      { uid: alice.uid, amount: '1000' },
      { uid: bob.uid, amount: '1000' },
    ]);
    const round = nextRound(T0, 30);
    const body = { symbol: 'BTC_USDT', period: 30, round, amount: '100' };
    expect((await join(world.server, alice, { ...body, side: 'up' })).body.code).toBe(200);
    expect((await join(world.server, bob, { ...body, side: 'down' })).body.code).toBe(200);
    const close = (round + 1) * 30_000;
    await tickTo(world, close - 1000);
    world.index.set('BTC_USDT', '100001');
    // Something between the statement and the rule disagrees: a winner's payout is written one unit higher.
    world.ctx.db.exec(
      `CREATE TEMP TRIGGER skew AFTER UPDATE OF payout ON option_bets WHEN NEW.state = 'win'
       BEGIN UPDATE option_bets SET payout = NEW.payout + 1 WHERE id = NEW.id; END`,
    );
    await tickTo(world, close + 2000);
    const unsettled = world.ctx.options.rounds('BTC_USDT', 30, undefined, 5).find((r) => r.number === round);
    expect(unsettled?.state).toBe('settling');
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('900'), frozen: usdt('100') });
    world.ctx.db.exec('DROP TRIGGER skew');
    await tickTo(world, close + 3000);
    const settled = world.ctx.options.rounds('BTC_USDT', 30, undefined, 5).find((r) => r.number === round);
    expect(settled?.state).toBe('settled');
    expect(optionsBalance(world.ctx, alice.uid)).toEqual({ available: usdt('1080'), frozen: 0n });
    expect(optionsBalance(world.ctx, bob.uid)).toEqual({ available: usdt('900'), frozen: 0n });
    expect(world.ctx.ledger.reconcile().problems).toEqual([]);
  });

  it('finds open bets and open stakes through the unfinished rounds, not an index of open bets', async () => {
    const world: OptionsWorld = await startOptionsServer();
    disposers.push(() => world.server.close());
    const alice = await registerUser(world.server);
    await fundOptions(world.ctx, [{ uid: alice.uid, amount: '1000' }]);
    const r30 = nextRound(T0, 30);
    const r60 = nextRound(T0, 60);
    const bet = (period: number, round: number, amount: string) => ({
      symbol: 'BTC_USDT',
      period,
      round,
      side: 'up',
      amount,
    });
    expect((await join(world.server, alice, bet(30, r30, '100'))).body.code).toBe(200);
    expect((await join(world.server, alice, bet(60, r60, '200'))).body.code).toBe(200);
    const open = async () =>
      (await get<OptionBet[]>(world.server, '/mapi/option/open', { token: alice.token })).body.data.map(
        (b) => `${b.period}:${b.number}`,
      );
    expect(await open()).toEqual([`30:${r30}`, `60:${r60}`]);
    // 200 at 60 s pays a fee of 0.2% (0.4); 100 at 30 s none.
    expect(world.ctx.options.house({}).openStakes).toBe('300.4');
    // The 30 s round settles; the 60 s one is still open.
    await tickTo(world, (r30 + 1) * 30_000);
    expect(await open()).toEqual([`60:${r60}`]);
    expect(world.ctx.options.house({}).openStakes).toBe('200.4');
    await tickTo(world, (r60 + 1) * 60_000);
    expect(await open()).toEqual([]);
    expect(world.ctx.options.house({}).openStakes).toBe('0');
  });
});
