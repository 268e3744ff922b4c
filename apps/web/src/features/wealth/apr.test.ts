import { describe, expect, it } from 'vitest';
import { aprPercent } from './apr';

describe('aprPercent', () => {
  it('moves the decimal point two places without floating point', () => {
    expect(aprPercent('0.0365')).toBe('3.65');
    expect(aprPercent('0.045')).toBe('4.5');
    expect(aprPercent('0.1')).toBe('10');
    expect(aprPercent('0')).toBe('0');
    expect(aprPercent('1')).toBe('100');
    expect(aprPercent('0.000001')).toBe('0.0001');
    expect(aprPercent('12.5')).toBe('1250');
    expect(aprPercent('0.07')).toBe('7');
  });
});
