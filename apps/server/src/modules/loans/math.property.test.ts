import { RATE_ONE } from '@bourse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Accrued,
  accrueMinute,
  INTEREST_DENOMINATOR,
  type LoanPricing,
  ltvAtLeast,
  ltvRate,
  ltvWithin,
  maxBorrow,
  owedInterest,
  payInterest,
  requiredCollateral,
  splitLiquidation,
} from './math';

const amount = fc.bigInt({ min: 1n, max: 10n ** 16n });
const rate = fc.bigInt({ min: 1n, max: RATE_ONE - 1n });
const price = fc.bigInt({ min: 1n, max: 10n ** 14n });
const pricing: fc.Arbitrary<LoanPricing> = fc.record({
  loanPrice: price,
  collateralPrice: price,
  loanScale: fc.integer({ min: 0, max: 8 }),
  collateralScale: fc.integer({ min: 0, max: 8 }),
});

describe('loan math', () => {
  it('accrues minute by minute exactly what one multiplication gives, and rounds the debt up by under a unit', () => {
    fc.assert(
      fc.property(amount, rate, fc.integer({ min: 1, max: 3000 }), (principal, apr, minutes) => {
        let acc: Accrued = { units: 0n, rem: 0n };
        for (let i = 0; i < minutes; i++) acc = accrueMinute(acc, principal, apr);
        const exact = principal * apr * BigInt(minutes);
        expect(acc.units * INTEREST_DENOMINATOR + acc.rem).toBe(exact);
        const owed = owedInterest(acc);
        expect(owed * INTEREST_DENOMINATOR).toBeGreaterThanOrEqual(exact);
        expect((owed - 1n) * INTEREST_DENOMINATOR).toBeLessThan(exact);
      }),
    );
  });

  it('takes partial interest payments off exactly; paying what is owed clears it', () => {
    fc.assert(
      fc.property(
        amount,
        rate,
        fc.integer({ min: 1, max: 500 }),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        (p, apr, m, pay) => {
          let acc: Accrued = { units: 0n, rem: 0n };
          for (let i = 0; i < m; i++) acc = accrueMinute(acc, p, apr);
          const owed = owedInterest(acc);
          const paid = owed === 0n ? 0n : pay % (owed + 1n);
          const after = payInterest(acc, paid);
          expect(owedInterest(after)).toBe(owed - paid);
        },
      ),
    );
  });

  it('never lends above the LTV asked nor asks less collateral than needed', () => {
    fc.assert(
      fc.property(amount, amount, rate, pricing, (collateral, debt, ltv, p) => {
        const max = maxBorrow(collateral, ltv, p);
        expect(ltvWithin(max, collateral, ltv, p)).toBe(true);
        expect(ltvWithin(max + 1n, collateral, ltv, p)).toBe(false);
        const need = requiredCollateral(debt, ltv, p);
        expect(ltvWithin(debt, need, ltv, p)).toBe(true);
        if (need > 1n) expect(ltvWithin(debt, need - 1n, ltv, p)).toBe(false);
        // The LTV shown is rounded up: at or above it means the threshold is reached.
        const shown = ltvRate(debt, collateral, p);
        expect(shown).not.toBeNull();
        if (shown !== null) {
          expect(ltvWithin(debt, collateral, shown, p)).toBe(true);
          expect(ltvAtLeast(debt, collateral, shown - 1n, p)).toBe(true);
          expect(ltvWithin(debt, collateral, shown - 1n, p)).toBe(false);
        }
      }),
    );
  });

  it('splits a liquidation so that debt, cash and collateral all add up', () => {
    fc.assert(
      fc.property(
        amount,
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        amount,
        price,
        (principal, interest, proceeds, left, floor) => {
          const s = splitLiquidation({
            principal,
            interest,
            proceeds,
            collateralLeft: left,
            floor,
            collateralScale: 8,
          });
          expect(s.interestPaid + s.principalPaid + s.badDebt).toBe(principal + interest);
          expect(proceeds + s.fundValue).toBe(s.interestPaid + s.principalPaid + s.surplus);
          expect(s.fundTakes + s.collateralBack).toBe(left);
          expect(s.badDebt >= 0n && s.surplus >= 0n && s.collateralBack >= 0n).toBe(true);
          if (s.badDebt > 0n) expect(s.collateralBack).toBe(0n);
        },
      ),
    );
  });
});
