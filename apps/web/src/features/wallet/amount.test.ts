import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from './amount';

describe('amount inputs', () => {
  it('converts to ledger units exactly, never through a float', () => {
    expect(toUnits('0.1', 8)).toBe(10000000n);
    expect(toUnits('123456789012.12345678', 8)).toBe(12345678901212345678n);
    expect(toUnits('1.', 8)).toBeNull();
    expect(toUnits('', 8)).toBeNull();
    expect(toUnits('1.123456789', 8)).toBeNull();
    expect(fromUnits(12345678901212345678n, 8)).toBe('123456789012.12345678');
  });
});
