import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRate,
  clampBig,
  divRound,
  fee,
  formatDecimal,
  formatRate,
  mulDiv,
  parseDecimal,
  parseDecimalRounded,
  parseRate,
  parseSignedDecimal,
  ppmToRate,
  RATE_ONE,
  ratio,
  rescale,
  type Rounding,
} from './index';

const big = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
const nonZero = big.filter((b) => b !== 0n);

describe('division with an explicit rounding', () => {
  it('brackets the exact quotient: floor ≤ a/b ≤ ceil, one apart unless exact; down toward zero, up away', () => {
    fc.assert(
      fc.property(big, nonZero, (a, b) => {
        const floor = divRound(a, b, 'floor');
        const ceil = divRound(a, b, 'ceil');
        // floor × b ≤ a ≤ ceil × b when b > 0 (reversed when b < 0).
        if (b > 0n) expect(floor * b <= a && a <= ceil * b).toBe(true);
        else expect(floor * b >= a && a >= ceil * b).toBe(true);
        const exact = a % b === 0n;
        expect(ceil - floor).toBe(exact ? 0n : 1n);
        const down = divRound(a, b, 'down');
        const up = divRound(a, b, 'up');
        const negative = a < 0n !== b < 0n;
        expect(down).toBe(negative ? ceil : floor);
        expect(up).toBe(exact ? down : negative ? floor : ceil);
      }),
    );
  });

  it('refuses division by zero', () => {
    expect(() => divRound(1n, 0n, 'down')).toThrow(RangeError);
  });

  it('multiplies before it divides (one rounding)', () => {
    fc.assert(
      fc.property(big, big, nonZero, fc.constantFrom<Rounding>('down', 'up', 'floor', 'ceil'), (a, b, c, r) => {
        expect(mulDiv(a, b, c, r)).toBe(divRound(a * b, c, r));
      }),
    );
    // 1/3 of 100 at two different roundings: no intermediate loss.
    expect(mulDiv(100n, 1n, 3n, 'down')).toBe(33n);
    expect(mulDiv(-100n, 1n, 3n, 'floor')).toBe(-34n);
  });
});

describe('scales', () => {
  it('goes to a finer scale exactly and back without loss', () => {
    fc.assert(
      fc.property(big, fc.integer({ min: 0, max: 18 }), fc.integer({ min: 0, max: 18 }), (v, s, k) => {
        expect(rescale(rescale(v, s, s + k, 'down'), s + k, s, 'floor')).toBe(v);
      }),
    );
  });

  it('formats and parses back any amount', () => {
    fc.assert(
      fc.property(big, fc.integer({ min: 0, max: 18 }), (v, s) => {
        expect(parseSignedDecimal(formatDecimal(v, s), s)).toBe(v);
        if (v >= 0n) expect(parseDecimal(formatDecimal(v, s), s)).toBe(v);
      }),
    );
    expect(formatDecimal(-1500n, 3)).toBe('-1.5');
    expect(formatDecimal(-1n, 3, 2)).toBe('0.00');
    expect(formatDecimal(1234567n, 4, 2)).toBe('123.45');
  });

  it('refuses digits beyond the scale unless asked to round them', () => {
    expect(() => parseDecimal('1.555', 2)).toThrow(/decimal places/);
    expect(parseDecimal('1.5500', 2)).toBe(155n);
    expect(parseDecimalRounded('1.555', 2, 'up')).toBe(156n);
    expect(parseDecimalRounded('-1.555', 2, 'floor')).toBe(-156n);
    expect(parseDecimalRounded('-1.555', 2, 'down')).toBe(-155n);
    expect(() => parseDecimal('1e5', 2)).toThrow();
    expect(() => parseDecimal('0x10', 2)).toThrow();
    expect(() => parseDecimal('-1', 2)).toThrow();
  });
});

describe('rates finer than ppm', () => {
  it('keeps a per-minute interest rate and a tiny funding rate exactly', () => {
    const perMinute = parseRate('0.000000190258');
    expect(formatRate(perMinute)).toBe('0.000000190258');
    expect(applyRate(10_000_000_000n, perMinute, 'floor')).toBe(1902n);
    expect(() => parseRate('0.0000000000001')).toThrow();
    expect(parseRate('-0.0001')).toBe(-100_000_000n);
    expect(ppmToRate(1000)).toBe(parseRate('0.001'));
  });

  it('applies 100% as identity and a ratio back as the rate', () => {
    fc.assert(
      fc.property(big, (a) => {
        expect(applyRate(a, RATE_ONE, 'down')).toBe(a);
      }),
    );
    expect(ratio(1n, 3n, 'down')).toBe(333_333_333_333n);
    expect(clampBig(5n, -2n, 2n)).toBe(2n);
  });
});

describe('fees in parts per million', () => {
  it('charges round up and rebates round toward zero, each by less than one unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: -999_999, max: 1_000_000 }), (a, r) => {
        const f = fee(a, r);
        const exact = a * BigInt(r); // × 10^-6
        if (r >= 0) expect(f * 1_000_000n >= exact && (f - 1n) * 1_000_000n < exact).toBe(true);
        else expect(f * 1_000_000n >= exact && f <= 0n && (f - 1n) * 1_000_000n < exact).toBe(true);
      }),
    );
  });
});
