import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrualStart,
  DAILY_DENOMINATOR,
  DAY_MS,
  dailyReturn,
  dayStart,
  earlyRedemption,
  formatApr,
  maturityOf,
  parseApr,
  termReturn,
} from './accrual';

const principal = fc.bigInt({ min: 0n, max: 10n ** 18n });
const apr = fc.bigInt({ min: 0n, max: 10_000_000n });

describe('wealth accrual arithmetic', () => {
  it('pays over any run of days the exact sum rounded down (the exchange keeps less than one unit in total)', () => {
    fc.assert(
      fc.property(principal, apr, fc.integer({ min: 1, max: 400 }), (p, r, days) => {
        let carry = 0n;
        let paid = 0n;
        for (let d = 0; d < days; d++) {
          const day = dailyReturn(p, r, carry);
          expect(day.amount).toBeGreaterThanOrEqual(0n);
          expect(day.carry).toBeLessThan(DAILY_DENOMINATOR);
          paid += day.amount;
          carry = day.carry;
        }
        expect(paid).toBe(termReturn(p, r, days));
        // Exact: paid × denominator + carry = p × r × days.
        expect(paid * DAILY_DENOMINATOR + carry).toBe(p * r * BigInt(days));
      }),
    );
  });

  it('with a principal that changes, never pays more than the exact sum of each day', () => {
    fc.assert(
      fc.property(fc.array(principal, { minLength: 1, maxLength: 60 }), apr, (principals, r) => {
        let carry = 0n;
        let paid = 0n;
        let exact = 0n;
        for (const p of principals) {
          const day = dailyReturn(p, r, carry);
          paid += day.amount;
          carry = day.carry;
          exact += p * r;
        }
        expect(paid).toBe(exact / DAILY_DENOMINATOR);
      }),
    );
  });

  it('an early redemption forfeits the rewards paid, never more than the principal, and adds up', () => {
    fc.assert(
      fc.property(principal, principal, (p, paid) => {
        const { returned, forfeited } = earlyRedemption(p, paid);
        expect(returned + forfeited).toBe(p);
        expect(returned).toBeGreaterThanOrEqual(0n);
        expect(forfeited).toBe(paid < p ? paid : p);
      }),
    );
  });

  it('starts the accrual the next UTC day and matures after the term', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 1, max: 3650 }), (t, term) => {
        const start = accrualStart(t);
        expect(start % DAY_MS).toBe(0);
        expect(start).toBeGreaterThan(t);
        expect(start - t).toBeLessThanOrEqual(DAY_MS);
        expect(dayStart(t)).toBe(start - DAY_MS);
        expect(maturityOf(t, term)).toBe(start + term * DAY_MS);
      }),
    );
  });

  it('reads and writes an APR without losing a digit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999n }), (ppm) => {
        expect(parseApr(formatApr(ppm))).toBe(ppm);
      }),
    );
    expect(parseApr('0.055')).toBe(55_000n);
    expect(formatApr(100_000n)).toBe('0.1');
    expect(() => parseApr('5%')).toThrow(RangeError);
    expect(() => dailyReturn(-1n, 1n, 0n)).toThrow(RangeError);
  });
});
