import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optionFee, optionOutcome, optionProfit, optionUserResult, settleOptionBet } from './settle';

const USDT = 10n ** 8n;

describe('up/down option settlement', () => {
  it('pays a win stake × (1 + ratio), keeps a loss, returns a draw, refunds a void', () => {
    const bet = { side: 'up' as const, stake: 100n * USDT, fee: 0n, payoutPpm: 800_000 };
    expect(settleOptionBet(100n, 101n, bet)).toEqual({
      result: 'win',
      payout: 180n * USDT,
      pool: -80n * USDT,
      fee: 0n,
    });
    expect(settleOptionBet(100n, 99n, bet)).toEqual({ result: 'loss', payout: 0n, pool: 100n * USDT, fee: 0n });
    expect(settleOptionBet(100n, 100n, bet)).toEqual({ result: 'draw', payout: 100n * USDT, pool: 0n, fee: 0n });
    expect(settleOptionBet(null, 100n, bet)).toEqual({ result: 'void', payout: 100n * USDT, pool: 0n, fee: 0n });
    expect(settleOptionBet(100n, null, bet).result).toBe('void');
    const down = { ...bet, side: 'down' as const };
    expect(settleOptionBet(100n, 99n, down).result).toBe('win');
    expect(settleOptionBet(100n, 101n, down).result).toBe('loss');
  });

  it('keeps the fee on a win, a loss and a draw, and refunds it on a void', () => {
    const bet = { side: 'down' as const, stake: 10n * USDT, fee: optionFee(10n * USDT, 2_000), payoutPpm: 850_000 };
    expect(bet.fee).toBe(2n * 10n ** 6n); // 0.2% of 10 USDT = 0.02
    expect(settleOptionBet(5n, 4n, bet).fee).toBe(bet.fee);
    expect(settleOptionBet(5n, 6n, bet).fee).toBe(bet.fee);
    expect(settleOptionBet(5n, 5n, bet)).toMatchObject({ payout: bet.stake, fee: bet.fee });
    expect(settleOptionBet(null, null, bet)).toMatchObject({ payout: bet.stake + bet.fee, fee: 0n });
  });

  it('rounds what the user receives down and what the user pays up', () => {
    expect(optionProfit(3n, 850_000)).toBe(2n); // 2.55 → 2
    expect(optionFee(3n, 1)).toBe(1n); // 0.000003 → 1 unit
    expect(optionFee(3n, 0)).toBe(0n);
  });

  it('compares close with open', () => {
    expect(optionOutcome(1n, 2n)).toBe('up');
    expect(optionOutcome(2n, 1n)).toBe('down');
    expect(optionOutcome(2n, 2n)).toBe('flat');
  });

  it('refuses nonsense terms', () => {
    expect(() => settleOptionBet(1n, 2n, { side: 'up', stake: 0n, fee: 0n, payoutPpm: 1 })).toThrow(RangeError);
    expect(() => optionProfit(1n, -1)).toThrow(RangeError);
    expect(() => optionProfit(1n, 0.5)).toThrow(RangeError);
    expect(() => optionFee(1n, -1)).toThrow(RangeError);
  });

  it('never creates or loses money: user change + pool + fee = 0, and the house never pays a loser', () => {
    fc.assert(
      fc.property(
        fc.option(fc.bigInt({ min: 1n, max: 10n ** 12n }), { nil: null }),
        fc.option(fc.bigInt({ min: 1n, max: 10n ** 12n }), { nil: null }),
        fc.constantFrom('up' as const, 'down' as const),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (open, close, side, stake, feePpm, payoutPpm) => {
          const bet = { side, stake, fee: optionFee(stake, feePpm), payoutPpm };
          const s = settleOptionBet(open, close, bet);
          expect(optionUserResult(bet, s) + s.pool + s.fee).toBe(0n);
          expect(s.payout).toBeGreaterThanOrEqual(0n);
          if (s.result === 'loss') expect(s.payout).toBe(0n);
          if (s.result === 'win') expect(s.payout).toBeGreaterThanOrEqual(stake);
          // The same inputs always give the same answer (a pure function of them).
          expect(settleOptionBet(open, close, bet)).toEqual(s);
        },
      ),
    );
  });
});
