import { formatDecimal, parseDecimal, parseSignedDecimal } from '@bourse/money';
import { optionOutcome, settleOptionBet } from '@bourse/engine';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  expectOptionsConsistent,
  fundOptions,
  nextRound,
  type OptionsWorld,
  optionsBalance,
  startOptionsServer,
  T0,
  tickTo,
  usdt,
} from './testing';

/**
 * Issue 13, "Checked by": 1,000 users betting at random over 500 rounds → the ledger reconciles; the pool's result
 * equals minus the users' total result minus the fees; every settled round recomputes from the public series.
 */
const USERS = Number(process.env.OPTIONS_PROPERTY_USERS ?? 1000);
const ROUNDS = Number(process.env.OPTIONS_PROPERTY_ROUNDS ?? 500);
const FUNDS = '1000';
const SYMBOLS = ['BTC_USDT', 'ETH_USDT'] as const;

const Bet = fc.record({
  user: fc.nat({ max: USERS - 1 }),
  symbol: fc.constantFrom(...SYMBOLS),
  period: fc.constantFrom(30, 60),
  side: fc.constantFrom('up' as const, 'down' as const),
  amount: fc.integer({ min: 10, max: 60 }),
});
/** Per 30-second round: the bets placed during it, and the index's moves (cents) for each of its seconds. */
const Round = fc.record({
  bets: fc.array(Bet, { maxLength: 12 }),
  moves: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 30, maxLength: 30 }),
});

describe('options property: many users, many rounds', () => {
  let world: OptionsWorld | undefined;
  afterAll(async () => {
    await world?.server.close();
  });

  it(`${USERS} users over ${ROUNDS} rounds: reconciled, the pool is the users' loss minus fees, every round recomputes`, async () => {
    world = await startOptionsServer();
    const w = world;
    const uids = Array.from({ length: USERS }, (_, i) => 100_000 + i);
    await fundOptions(
      w.ctx,
      uids.map((uid) => ({ uid, amount: FUNDS })),
    );
    const plans = fc.sample(fc.array(Round, { minLength: ROUNDS, maxLength: ROUNDS }), { numRuns: 1, seed: 13 })[0];
    if (!plans) throw new Error('no plan');
    const cents: Record<string, bigint> = { BTC_USDT: 10_000_000n, ETH_USDT: 300_000n };
    const joined = new Set<string>();
    let placed = 0;
    for (const plan of plans) {
      const now = w.clock.now();
      for (const b of plan.bets) {
        const round = nextRound(now, b.period);
        const key = `${b.user}:${b.symbol}:${b.period}:${round}`;
        if (joined.has(key)) continue;
        joined.add(key);
        w.ctx.options.join(uids[b.user] ?? 0, {
          symbol: b.symbol,
          period: b.period,
          round,
          side: b.side,
          amount: String(b.amount),
        });
        placed++;
      }
      for (const move of plan.moves) {
        for (const [i, symbol] of SYMBOLS.entries()) {
          cents[symbol] = (cents[symbol] ?? 0n) + BigInt(i === 0 ? move : -move);
          w.index.set(symbol, formatDecimal(cents[symbol] ?? 0n, 2));
        }
        await tickTo(w, w.clock.now() + 1000);
      }
    }
    // Past the last close: every bet settled.
    await tickTo(w, w.clock.now() + 61_000);
    expect(placed).toBeGreaterThan(ROUNDS);
    const open = w.ctx.db.prepare("SELECT COUNT(*) AS n FROM option_bets WHERE state = 'open'").get() as { n: number };
    expect(open.n).toBe(0);
    expectOptionsConsistent(w.ctx);

    // The pool's result = −(the users' total result) − the fees.
    let users = 0n;
    for (const uid of uids) {
      const b = optionsBalance(w.ctx, uid);
      expect(b.frozen).toBe(0n);
      users += b.available - usdt(FUNDS);
    }
    const house = w.ctx.options.house({ from: 0, to: w.clock.now() + 1 });
    const pool = parseSignedDecimal(house.poolBalance, 8);
    const fees = parseDecimal(house.totals.fees, 8);
    expect(fees).toBeGreaterThan(0n);
    expect(pool).toBe(-users - fees);
    expect(parseSignedDecimal(house.totals.poolResult, 8)).toBe(pool);

    // Every finished round recomputes from the public series.
    let rounds = 0;
    let bets = 0;
    for (const symbol of SYMBOLS) {
      for (const period of [30, 60]) {
        let after: number | undefined;
        for (;;) {
          const page = w.ctx.options.verifyPage({ symbol, period, from: T0, to: w.clock.now(), after, limit: 200 });
          for (const { round, bets: roundBets } of page.items) {
            rounds++;
            const series = w.ctx.options.series(symbol, round.openAt, round.closeAt);
            const at = (t: number) => {
              const p = series.points.find((point) => point.t === t);
              return p ? parseDecimal(p.price, series.pricePrecision) : null;
            };
            const [o, c] = [at(round.openAt), at(round.closeAt)];
            expect(o).not.toBeNull();
            expect(c).not.toBeNull();
            if (o === null || c === null) continue;
            expect(round.state).toBe('settled');
            expect(parseDecimal(round.openPrice ?? '', 2)).toBe(o);
            expect(parseDecimal(round.closePrice ?? '', 2)).toBe(c);
            expect(round.outcome).toBe(optionOutcome(o, c));
            let roundPool = 0n;
            for (const bet of roundBets) {
              bets++;
              const s = settleOptionBet(o, c, {
                side: bet.side,
                stake: parseDecimal(bet.amount, 8),
                fee: parseDecimal(bet.fee, 8),
                payoutPpm: Number(parseDecimal(bet.payoutRatio, 6)),
              });
              expect(bet.state).toBe(s.result);
              expect(parseDecimal(bet.payout ?? '', 8)).toBe(s.payout);
              roundPool += s.pool;
            }
            expect(parseSignedDecimal(round.poolResult, 8)).toBe(roundPool);
          }
          if (page.next === null) break;
          after = page.next;
        }
      }
    }
    expect(bets).toBe(placed);
    expect(rounds).toBeGreaterThan(0);
  }, 600_000);
});
