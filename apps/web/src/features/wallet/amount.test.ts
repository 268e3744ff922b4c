import { describe, expect, it } from 'vitest';
import { fromUnits, sanitizeAmount, toUnits } from './amount';

describe('amount inputs', () => {
  it('keeps digits and one point, at most the allowed decimals', () => {
    expect(sanitizeAmount('12.345678', 6)).toBe('12.345678');
    expect(sanitizeAmount('12.3456789', 6)).toBe('12.345678');
    expect(sanitizeAmount('1,5', 8)).toBe('1.5');
    expect(sanitizeAmount('.5', 8)).toBe('0.5');
    expect(sanitizeAmount('1.2.3', 8)).toBe('1.23');
    expect(sanitizeAmount('00012', 8)).toBe('12');
    expect(sanitizeAmount('abc-1e5', 8)).toBe('15');
    expect(sanitizeAmount('7.9', 0)).toBe('79');
  });

  it('converts to ledger units exactly, never through a float', () => {
    expect(toUnits('0.1', 8)).toBe(10000000n);
    expect(toUnits('123456789012.12345678', 8)).toBe(12345678901212345678n);
    expect(toUnits('1.', 8)).toBeNull();
    expect(toUnits('', 8)).toBeNull();
    expect(toUnits('1.123456789', 8)).toBeNull();
    expect(fromUnits(12345678901212345678n, 8)).toBe('123456789012.12345678');
  });
});
