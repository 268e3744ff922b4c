import { describe, expect, it } from 'vitest';
import { sanitizeDecimal } from './decimalInput';

describe('decimal inputs', () => {
  it('keeps digits and one point, at most the allowed decimals', () => {
    expect(sanitizeDecimal('12.345678', 6)).toBe('12.345678');
    expect(sanitizeDecimal('12.3456789', 6)).toBe('12.345678');
    expect(sanitizeDecimal('1,5', 8)).toBe('1.5');
    expect(sanitizeDecimal('.5', 8)).toBe('0.5');
    expect(sanitizeDecimal('1.2.3', 8)).toBe('1.23');
    expect(sanitizeDecimal('00012', 8)).toBe('12');
    expect(sanitizeDecimal('abc-1e5', 8)).toBe('15');
    expect(sanitizeDecimal('7.9', 0)).toBe('79');
  });

  it('keeps what the user types to digits and the precision', () => {
    expect(sanitizeDecimal('12,3456', 2)).toBe('12.34');
    expect(sanitizeDecimal('.5', 4)).toBe('0.5');
    expect(sanitizeDecimal('007.1.2', 3)).toBe('7.12');
    expect(sanitizeDecimal('3.9', 0)).toBe('39');
  });
});
