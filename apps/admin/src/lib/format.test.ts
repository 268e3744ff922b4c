import { describe, expect, it } from 'vitest';
import { formatDecimal, formatRate } from './format';

describe('numbers from the server', () => {
  it('groups thousands without ever making a float', () => {
    expect(formatDecimal('1234567.12345678')).toBe('1,234,567.12345678');
    expect(formatDecimal('-1752000')).toBe('-1,752,000');
    expect(formatDecimal('0.00000001')).toBe('0.00000001');
    expect(formatDecimal('99999999999999999999.5')).toBe('99,999,999,999,999,999,999.5');
    expect(formatDecimal(null)).toBe('—');
  });

  it('writes a fee rate as a percentage by moving the point', () => {
    expect(formatRate('0.001')).toBe('0.1%');
    expect(formatRate('0.0005')).toBe('0.05%');
    expect(formatRate('0')).toBe('0%');
    expect(formatRate('1')).toBe('100%');
    expect(formatRate('0.12345')).toBe('12.345%');
  });
});
