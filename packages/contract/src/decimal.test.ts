import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divRound, formatDecimal, mulDiv, parseDecimal, parseSignedDecimal, rescale } from './decimal';

describe('fixed-point decimals', () => {
  it('parses and formats exactly', () => {
    expect(parseDecimal('1.5', 8)).toBe(150_000_000n);
    expect(parseDecimal('0.00000001', 8)).toBe(1n);
    expect(parseDecimal('1.50', 1)).toBe(15n);
    expect(() => parseDecimal('1.55', 1)).toThrow();
    expect(() => parseDecimal('-1', 2)).toThrow();
    expect(() => parseDecimal('1e5', 2)).toThrow();
    expect(() => parseDecimal('', 2)).toThrow();
    expect(parseSignedDecimal('-2.25', 2)).toBe(-225n);
    expect(formatDecimal(150_000_000n, 8)).toBe('1.5');
    expect(formatDecimal(1n, 8)).toBe('0.00000001');
    expect(formatDecimal(-225n, 2)).toBe('-2.25');
    expect(formatDecimal(123456789n, 8, 2)).toBe('1.23');
    expect(formatDecimal(100n, 2, 4)).toBe('1.0000');
    expect(formatDecimal(0n, 8)).toBe('0');
    expect(formatDecimal(-1n, 2, 1)).toBe('0.0');
  });

  it('round-trips any amount at any scale', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (v, scale) => {
        expect(parseSignedDecimal(formatDecimal(v, scale), scale)).toBe(v);
      }),
    );
  });

  it('rounds in the stated direction', () => {
    expect(divRound(7n, 2n, 'down')).toBe(3n);
    expect(divRound(7n, 2n, 'up')).toBe(4n);
    expect(divRound(-7n, 2n, 'up')).toBe(-4n);
    expect(divRound(6n, 2n, 'up')).toBe(3n);
    expect(mulDiv(10n, 3n, 4n, 'up')).toBe(8n);
    expect(rescale(123456n, 4, 2, 'down')).toBe(1234n);
    expect(rescale(123456n, 4, 2, 'up')).toBe(1235n);
    expect(rescale(12n, 2, 4, 'down')).toBe(1200n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (n, d) => {
        const down = divRound(n, d, 'down');
        const up = divRound(n, d, 'up');
        expect(down * d <= n && n < (down + 1n) * d).toBe(true);
        expect(up - down <= 1n && up * d >= n).toBe(true);
      }),
    );
  });
});
