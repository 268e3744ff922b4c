import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterFee, bpsToPpm, divide, fee, notional, rescale } from './fixed';
import { MarketRules } from './market';

describe('fees', () => {
  it('charge 0.1% of 1234.567891 USDT (scale 6) as 1.234568: rounded up by under one unit', () => {
    expect(fee(1_234_567_891n, 1_000)).toBe(1_234_568n);
    expect(afterFee(1_234_567_891n, 1_000)).toBe(1_233_333_323n);
  });

  it('pay a maker rebate of 0.02% rounded down, so the exchange never pays the extra unit', () => {
    expect(fee(1_234_567_891n, -200)).toBe(-246_913n); // exact -246913.5782
    expect(afterFee(1_234_567_891n, -200)).toBe(1_234_814_804n);
  });

  it('are exact when the amount divides evenly, and zero at a zero rate', () => {
    expect(fee(2_000_000n, 1_000)).toBe(2_000n);
    expect(fee(2_000_000n, 0)).toBe(0n);
  });

  it('convert basis points to parts per million', () => {
    expect(bpsToPpm(10)).toBe(1_000);
    expect(() => bpsToPpm(1.5)).toThrow(RangeError);
  });

  it('refuse negative amounts and out-of-range rates', () => {
    expect(() => fee(-1n, 1_000)).toThrow(RangeError);
    expect(() => fee(1n, 1_000_001)).toThrow(RangeError);
    expect(() => fee(1n, 0.5)).toThrow(RangeError);
  });

  it('favour the exchange by less than one unit, for any amount and rate', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: -999_999, max: 1_000_000 }), (a, r) => {
        const charged = fee(a, r) * 1_000_000n; // scaled so it compares with the exact a × r
        const exact = a * BigInt(r);
        expect(charged >= exact).toBe(true);
        expect(charged - exact < 1_000_000n).toBe(true);
      }),
    );
  });
});

describe('fixed point', () => {
  it('gives the notional of 0.015 BTC at 43,210.99 USDT exactly', () => {
    // price scale 2, qty scale 3: the product is in units of 10^-5 USDT
    expect(notional(4_321_099, 15)).toBe(64_816_485n);
    expect(rescale(64_816_485n, 5, 2, 'up')).toBe(64_817n); // the buyer pays 648.17 USDT
    expect(rescale(64_816_485n, 5, 2, 'down')).toBe(64_816n); // the seller receives 648.16 USDT
    expect(rescale(64_816n, 2, 6, 'down')).toBe(648_160_000n); // to a finer scale: exact
  });

  it('divides with explicit rounding', () => {
    expect(divide(7n, 2n, 'down')).toBe(3n);
    expect(divide(7n, 2n, 'up')).toBe(4n);
    expect(divide(8n, 2n, 'up')).toBe(4n);
    expect(() => divide(1n, 0n, 'up')).toThrow(RangeError);
  });
});

describe('market rules', () => {
  it('check min notional exactly, including products past 2^53 and thresholds past 2^53', () => {
    const small = new MarketRules({ priceScale: 2, qtyScale: 8, tickSize: 1, stepSize: 1, minNotional: 1_000 });
    expect(small.meetsMinNotional(100_000, 100_000)).toBe(false); // 1000.00 × 0.001 = 1.00 < 10.00
    expect(small.meetsMinNotional(100_000, 999_999)).toBe(false); // 9.99999 < 10.00
    expect(small.meetsMinNotional(100_000, 1_000_000)).toBe(true); // exactly 10.00
    expect(small.meetsMinNotional(2 ** 40, 2 ** 40)).toBe(true);
    const huge = new MarketRules({ priceScale: 8, qtyScale: 18, tickSize: 1, stepSize: 1, minNotional: 5 });
    expect(huge.meetsMinNotional(5 * 10 ** 9, 10 ** 9)).toBe(true); // 5e18 = 5 × 10^18
    expect(huge.meetsMinNotional(5 * 10 ** 9 - 1, 10 ** 9)).toBe(false);
  });

  it('refuse impossible market specs', () => {
    expect(() => new MarketRules({ priceScale: 2, qtyScale: 3, tickSize: 0, stepSize: 1, minNotional: 0 })).toThrow();
    expect(() => new MarketRules({ priceScale: 2, qtyScale: 3, tickSize: 1, stepSize: 1.5, minNotional: 0 })).toThrow();
    expect(() => new MarketRules({ priceScale: 40, qtyScale: 3, tickSize: 1, stepSize: 1, minNotional: 0 })).toThrow();
  });
});
