import { describe, expect, it } from 'vitest';
import { compactLocale, formatAmount, formatCompact } from './format';

describe('formatAmount', () => {
  it('truncates, never rounds', () => {
    expect(formatAmount('1234.56789', 2)).toBe('1,234.56');
    expect(formatAmount('0.999999', 4)).toBe('0.9999');
    expect(formatAmount('19.999', 0)).toBe('19');
  });

  it('pads to the precision unless trimmed', () => {
    expect(formatAmount('1.5', 4)).toBe('1.5000');
    expect(formatAmount('1.5000', 4, 'en-US', { trim: true })).toBe('1.5');
    expect(formatAmount('2', 2, 'en-US', { trim: true })).toBe('2');
  });

  it('keeps digits a float would lose', () => {
    expect(formatAmount('123456789012345678.123456789', 9, 'en-US', { group: false })).toBe(
      '123456789012345678.123456789',
    );
    expect(formatAmount('0.1', 20)).toBe('0.10000000000000000000');
  });

  it('uses the locale separators', () => {
    expect(formatAmount('1234567.891', 2, 'en-US')).toBe('1,234,567.89');
    expect(formatAmount('1234567.891', 2, 'es-ES')).toBe('1.234.567,89');
    expect(formatAmount('1234567.891', 2, 'fr-FR').replace(/\s/g, ' ')).toBe('1 234 567,89');
    expect(formatAmount('1234567.891', 2, 'zh-CN')).toBe('1,234,567.89');
  });

  it('handles signs, zeros and bad input', () => {
    expect(formatAmount('-12.345', 2)).toBe('-12.34');
    expect(formatAmount('-0.001', 2)).toBe('0.00');
    expect(formatAmount('000123.4', 1)).toBe('123.4');
    expect(formatAmount('abc', 2)).toBe('--');
    expect(formatAmount('1e5', 2)).toBe('--');
  });
});

describe('formatCompact', () => {
  it('uses 万 and 亿 in Simplified Chinese', () => {
    expect(formatCompact('9999', 'zh-CN')).toBe('9,999');
    expect(formatCompact('12345', 'zh-CN')).toBe('1.23万');
    expect(formatCompact('123456789', 'zh-CN')).toBe('1.23亿');
    expect(formatCompact('99999999', 'zh-CN')).toBe('9999.99万');
  });

  it('uses 萬 and 億 in Traditional Chinese (zh-HK)', () => {
    expect(compactLocale('zh-Hant-HK')).toBe('zh-Hant');
    expect(formatCompact('12345', 'zh-Hant-HK')).toBe('1.23萬');
    expect(formatCompact('123456789', 'zh-Hant-HK')).toBe('1.23億');
  });

  it('uses K/M/B in English and the local words in es/fr', () => {
    expect(formatCompact('999', 'en-US')).toBe('999');
    expect(formatCompact('1234', 'en-US')).toBe('1.23K');
    expect(formatCompact('1234567', 'en-US')).toBe('1.23M');
    expect(formatCompact('9876543210', 'en-US')).toBe('9.87B');
    expect(formatCompact('1234567', 'fr-FR').replace(/\s/g, ' ')).toBe('1,23 M');
    expect(formatCompact('1500', 'es-ES').replace(/\s/g, ' ')).toBe('1,5 mil');
  });

  it('truncates instead of rounding up', () => {
    expect(formatCompact('19999', 'zh-CN')).toBe('1.99万');
    expect(formatCompact('999999', 'en-US')).toBe('999.99K');
    expect(formatCompact('1999.999', 'en-US')).toBe('1.99K');
  });

  it('keeps small values and signs', () => {
    expect(formatCompact('12.3456', 'en-US')).toBe('12.34');
    expect(formatCompact('-123456789', 'zh-CN')).toBe('-1.23亿');
    expect(formatCompact('not a number', 'en-US')).toBe('--');
  });
});
