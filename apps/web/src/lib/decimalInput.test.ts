import { describe, expect, it } from 'vitest';
import { displayDecimal, editDecimal, fixedDecimal, readDecimal, truncateDecimal } from './decimalInput';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** Types `keys` one by one into a field of `decimals` places, caret at the end, as the field would. */
function type(keys: string, decimals: number, locale: string, start = ''): { value: string; text: string } {
  let text = start;
  let value = '';
  for (const key of keys) {
    const edit = editDecimal(text, text + key, text.length + 1, decimals, locale);
    text = edit.text;
    value = edit.value;
  }
  return { value, text };
}

describe('pasting and filling', () => {
  it('reads the same number in every locale’s own writing', () => {
    expect(readDecimal('1,234.50', 2, 'en-US')).toBe('1234.50');
    expect(readDecimal('1,234.50', 2, 'zh-CN')).toBe('1234.50');
    expect(readDecimal('1.234,50', 2, 'es-ES')).toBe('1234.50');
    expect(readDecimal('1 234,50', 2, 'fr-FR')).toBe('1234.50');
    expect(readDecimal(`1${NBSP}234,50`, 2, 'fr-FR')).toBe('1234.50');
    expect(readDecimal(`1${NNBSP}234,50`, 2, 'fr-FR')).toBe('1234.50');
  });

  it('reads a number written the other way too, whatever the locale', () => {
    expect(readDecimal('1,234.50', 2, 'fr-FR')).toBe('1234.50');
    expect(readDecimal('1.234,50', 2, 'en-US')).toBe('1234.50');
    expect(readDecimal('1,234,567.8', 2, 'es-ES')).toBe('1234567.8');
    expect(readDecimal('1.234.567', 2, 'en-US')).toBe('1234567');
  });

  it('reads a lone mark as the decimal point unless it groups thousands in the locale', () => {
    expect(readDecimal('1,234', 2, 'en-US')).toBe('1234');
    expect(readDecimal('1.234', 2, 'es-ES')).toBe('1234');
    expect(readDecimal('0,5', 8, 'en-US')).toBe('0.5');
    expect(readDecimal('0.5', 8, 'es-ES')).toBe('0.5');
    expect(readDecimal('1,234', 4, 'fr-FR')).toBe('1.234');
    expect(readDecimal('1.5', 8, 'fr-FR')).toBe('1.5');
  });

  it('cuts extra decimals off and never shifts them into the integer part', () => {
    expect(readDecimal('12.5', 0, 'en-US')).toBe('12');
    expect(readDecimal('12,5', 0, 'fr-FR')).toBe('12');
    expect(readDecimal('12.3456789', 6, 'en-US')).toBe('12.345678');
    expect(readDecimal('1 234,56789', 2, 'fr-FR')).toBe('1234.56');
  });

  it('keeps digits only, without leading zeros', () => {
    expect(readDecimal('.5', 8, 'en-US')).toBe('0.5');
    expect(readDecimal('00012', 8, 'en-US')).toBe('12');
    expect(readDecimal('USDT 95,920.89', 2, 'en-US')).toBe('95920.89');
    expect(readDecimal('-7', 2, 'en-US')).toBe('7');
    expect(readDecimal('１２．５', 2, 'zh-CN')).toBe('12.5');
    expect(readDecimal('abc', 2, 'en-US')).toBe('');
  });
});

describe('showing a value', () => {
  it('groups and marks the point the way the order book shows prices', () => {
    expect(displayDecimal('95920.89', 'en-US')).toBe('95,920.89');
    expect(displayDecimal('95920.89', 'fr-FR')).toBe(`95${NNBSP}920,89`);
    expect(displayDecimal('95920.89', 'es-ES')).toBe('95.920,89');
    expect(displayDecimal('95920.89', 'zh-CN')).toBe('95,920.89');
    expect(displayDecimal('12.', 'fr-FR')).toBe('12,');
    expect(displayDecimal('', 'en-US')).toBe('');
  });

  it('writes a value at a fixed precision', () => {
    expect(fixedDecimal('95920.8', 2)).toBe('95920.80');
    expect(fixedDecimal('95920.899', 2)).toBe('95920.89');
    expect(fixedDecimal('7', 0)).toBe('7');
  });

  it('truncates a value to a precision', () => {
    expect(truncateDecimal('1.239', 2)).toBe('1.23');
    expect(truncateDecimal('1.239', 0)).toBe('1');
    expect(truncateDecimal('7', 2)).toBe('7');
  });
});

describe('typing', () => {
  it('takes the keypad’s point or comma as the decimal point in every locale', () => {
    for (const locale of ['en-US', 'zh-CN', 'zh-HK', 'es-ES', 'fr-FR']) {
      expect(type('1234.5', 2, locale).value, locale).toBe('1234.5');
      expect(type('1234,5', 2, locale).value, locale).toBe('1234.5');
    }
    expect(type('1234,5', 2, 'fr-FR').text).toBe(`1${NNBSP}234,5`);
    expect(type('1234.5', 2, 'es-ES').text).toBe('1.234,5');
    expect(type('1234.5', 2, 'en-US').text).toBe('1,234.5');
  });

  it('cuts the fraction at 0 decimals: 12.5 stays 12, never 125', () => {
    expect(type('12.5', 0, 'en-US').value).toBe('12');
    expect(type('12,5', 0, 'fr-FR').value).toBe('12');
    expect(type('12.56', 0, 'en-US')).toEqual({ value: '12', text: '12.' });
    // The inert point goes with a backspace; digits then add to the integer again.
    expect(editDecimal('12.', '12', 2, 0, 'en-US')).toEqual({ value: '12', text: '12', caret: 2 });
  });

  it('refuses a second point and decimals beyond the precision', () => {
    expect(type('1.2.3', 8, 'en-US').value).toBe('1.23');
    expect(type('12.3456', 2, 'en-US').value).toBe('12.34');
    expect(type('0.00001', 4, 'es-ES').value).toBe('0.0000');
  });

  it('starts ".5" as 0.5 and drops leading zeros', () => {
    expect(type('.5', 4, 'en-US')).toEqual({ value: '0.5', text: '0.5' });
    expect(type('007', 4, 'en-US').value).toBe('7');
  });

  it('ignores letters', () => {
    expect(type('1a2b', 2, 'en-US').value).toBe('12');
  });

  it('inserts a point in the middle: digits after the caret become decimals, cut to the precision', () => {
    const edit = editDecimal('12,345', '12,3.45', 5, 2, 'en-US');
    expect(edit.value).toBe('123.45');
    expect(edit.text).toBe('123.45');
    expect(edit.caret).toBe(4);
    expect(editDecimal('12,345', '12,3.45', 5, 1, 'en-US').value).toBe('123.4');
  });

  it('keeps the caret beside the digit typed when grouping moves it', () => {
    // "1,234" with the caret after "1": typing 5 gives "15,234" and the caret after "5".
    const edit = editDecimal('1,234', '15,234', 2, 2, 'en-US');
    expect(edit).toEqual({ value: '15234', text: '15,234', caret: 2 });
  });

  it('backspace over a group separator deletes the digit before it', () => {
    const edit = editDecimal('1,234', '1234', 1, 2, 'en-US');
    expect(edit.value).toBe('234');
    expect(edit.caret).toBe(0);
  });

  it('deletes digits and the point', () => {
    expect(editDecimal('1,234.5', '1,23.5', 4, 2, 'en-US').value).toBe('123.5');
    expect(editDecimal('1,234.5', '1,2345', 5, 2, 'en-US').value).toBe('12345');
    expect(editDecimal('5', '', 0, 2, 'en-US').value).toBe('');
  });

  it('reads a paste over the whole text as a pasted number', () => {
    expect(editDecimal(`95${NNBSP}920,89`, '1,234.50', 8, 2, 'fr-FR').value).toBe('1234.50');
    expect(editDecimal('95,920.89', '105586.12', 9, 2, 'en-US').value).toBe('105586.12');
    expect(editDecimal('12', '12 345,6', 8, 2, 'fr-FR').value).toBe('12345.6');
  });
});
