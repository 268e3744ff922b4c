import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allot, costOf, PRICE_DECIMALS, subscribedRatio, tokensFor } from './allocation';

const scale = 8;

describe('new-coin allocation arithmetic', () => {
  it('never gives out more than the supply, never charges more than a commitment, and cost + refund adds up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 14n }), { minLength: 1, maxLength: 40 }),
        fc.bigInt({ min: 1n, max: 10n ** 16n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (commitments, supply, price) => {
          const totalCommitted = commitments.reduce((a, b) => a + b, 0n);
          const terms = { supply, price, tokenScale: scale, quoteScale: scale, totalCommitted };
          let tokens = 0n;
          for (const c of commitments) {
            const share = allot(c, terms);
            expect(share.cost + share.refund).toBe(c);
            expect(share.cost).toBeLessThanOrEqual(c);
            expect(share.refund).toBeGreaterThanOrEqual(0n);
            // The cost is tokens × price (in 10^-(8 + PRICE_DECIMALS) quote) rounded up by less than one unit.
            const exact = share.tokens * price;
            const unit = 10n ** BigInt(PRICE_DECIMALS);
            expect(share.cost * unit).toBeGreaterThanOrEqual(exact);
            expect(share.cost * unit - exact).toBeLessThan(unit);
            // Pro rata, but never more than the commitment buys.
            expect(share.tokens).toBeLessThanOrEqual((supply * c) / totalCommitted);
            expect(share.tokens).toBeLessThanOrEqual(tokensFor(c, terms));
            tokens += share.tokens;
          }
          expect(tokens).toBeLessThanOrEqual(supply);
        },
      ),
    );
  });

  it('an undersubscribed sale gives each applicant what the commitment buys', () => {
    const terms = {
      supply: 10n ** 20n,
      price: 50_000_000n,
      tokenScale: 8,
      quoteScale: 8,
      totalCommitted: 3n * 10n ** 11n,
    };
    expect(allot(10n ** 11n, terms)).toEqual({ tokens: 2n * 10n ** 11n, cost: 10n ** 11n, refund: 0n });
    expect(costOf(1n, terms)).toBe(1n);
    expect(subscribedRatio(terms.totalCommitted, { ...terms, supply: 3n * 10n ** 11n })).toBe(200n);
    expect(() => allot(0n, terms)).toThrow(RangeError);
  });
});
