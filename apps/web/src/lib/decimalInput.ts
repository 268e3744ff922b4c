import { separatorsOf } from './format';

/**
 * What a user types or pastes into an amount, price or quantity field, kept to the number they meant. The field
 * shows the value with their language's separators ("1 234,5" in French, "1.234,5" in Spanish, "1,234.5" in English
 * and Chinese) and keeps a canonical decimal string ("1234.5", the wire form) underneath. The value's meaning never
 * shifts: more decimals than allowed are cut off, never moved into the integer part; "12.5" at 0 decimals is 12.
 */

/** Spaces a number may be grouped with: normal, no-break (U+00A0), narrow no-break (U+202F), thin, figure. */
const SPACES = /[\s\u00a0\u2007\u2009\u202f]/g;
/** Full-width digits and marks a Chinese input method may give. */
const FULL_WIDTH: Readonly<Record<string, string>> = { '．': '.', '，': ',', '。': '.' };

function toAscii(text: string): string {
  return text.replace(/[０-９．，。]/g, (ch) =>
    ch >= '０' && ch <= '９' ? String.fromCharCode(ch.charCodeAt(0) - 0xfee0) : (FULL_WIDTH[ch] ?? ch),
  );
}

/** `int` and `frac` (undefined: no point) as a canonical value, the fraction cut to `decimals`. */
function compose(int: string, frac: string | undefined, decimals: number): string {
  const whole = int.replace(/^0+(?=\d)/, '');
  if (frac === undefined || decimals <= 0) return whole;
  return `${whole === '' ? '0' : whole}.${frac.slice(0, decimals)}`;
}

/** A canonical value cut (never rounded) to `decimals` places: `truncateDecimal('1.239', 2)` → `1.23`. */
export function truncateDecimal(value: string, decimals: number): string {
  const [int = '', frac] = value.split('.');
  return compose(int, frac, decimals);
}

/** A canonical value with exactly `decimals` places, as the book shows prices: `fixedDecimal('95.3', 2)` → `95.30`. */
export function fixedDecimal(value: string, decimals: number): string {
  const [int = '', frac = ''] = value.split('.');
  return compose(int === '' ? '0' : int, decimals > 0 ? frac.padEnd(decimals, '0') : undefined, decimals);
}

/**
 * A whole text — pasted, filled in, or typed into an empty field — read as a number, with `decimals` places at most.
 * When both "." and "," occur, the last one is the decimal point ("1,234.50", "1.234,50"). A single mark is the
 * decimal point, unless it is the locale's group separator followed by exactly three digits ("1.234" in Spanish,
 * "1,234" in English: one thousand two hundred and thirty-four). A mark repeated groups digits ("1.234.567").
 */
export function readDecimal(text: string, decimals: number, locale: string): string {
  const cleaned = toAscii(text)
    .replace(SPACES, '')
    .replace(/[^\d.,]/g, '');
  const dots = cleaned.split('.').length - 1;
  const commas = cleaned.split(',').length - 1;
  let point: '.' | ',' | null = null;
  if (dots > 0 && commas > 0) point = cleaned.lastIndexOf('.') > cleaned.lastIndexOf(',') ? '.' : ',';
  else if (dots === 1 || commas === 1) {
    const mark = dots === 1 ? '.' : ',';
    const after = cleaned.slice(cleaned.indexOf(mark) + 1);
    point = mark === separatorsOf(locale).group && after.length === 3 ? null : mark;
  }
  if (point === null) return compose(cleaned.replace(/[.,]/g, ''), undefined, decimals);
  const at = cleaned.lastIndexOf(point);
  const int = cleaned.slice(0, at).replace(/[.,]/g, '');
  const frac = cleaned.slice(at + 1).replace(/[.,]/g, '');
  return compose(int, frac, decimals);
}

/** A canonical value as the field shows it: "1234.5" → "1 234,5" (fr); a trailing point stays while typing. */
export function displayDecimal(value: string, locale: string): string {
  if (value === '') return '';
  const { group, decimal } = separatorsOf(locale);
  const [int = '', frac] = value.split('.');
  let grouped = '';
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) grouped += group;
    grouped += int[i];
  }
  return frac === undefined ? grouped : `${grouped}${decimal}${frac}`;
}

/**
 * The field's own text read back: its group separators (and any space) dropped, its decimal separator the point.
 * A point typed where the locale uses a comma is a point too ("." on a phone keypad set to another region).
 */
function readDisplayed(text: string, decimals: number, locale: string): string {
  const { group, decimal } = separatorsOf(locale);
  let cleaned = toAscii(text).replace(SPACES, '');
  if (group !== '') cleaned = cleaned.split(group).join('');
  if (decimal !== '.') cleaned = cleaned.split(decimal).join('.');
  cleaned = cleaned.replace(/[^\d.]/g, '');
  const at = cleaned.indexOf('.');
  if (at < 0) return compose(cleaned, undefined, decimals);
  return compose(cleaned.slice(0, at), cleaned.slice(at + 1).replace(/\./g, ''), decimals);
}

function isSeparatorKey(ch: string): boolean {
  return ch === '.' || ch === ',' || ch === '．' || ch === '，' || ch === '٫';
}

/** How many digits and decimal separators come before `caret` in `text`. */
function significantBefore(text: string, caret: number, decimal: string): number {
  let count = 0;
  for (let i = 0; i < Math.min(caret, text.length); i++) {
    const ch = text[i] ?? '';
    if ((ch >= '0' && ch <= '9') || ch === decimal) count++;
  }
  return count;
}

/** The position in `text` after `count` digits and decimal separators. */
function caretAfter(text: string, count: number, decimal: string): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if ((ch >= '0' && ch <= '9') || ch === decimal) seen++;
    if (seen === count) return i + 1;
  }
  return text.length;
}

export interface DecimalEdit {
  /** The canonical value ('' when empty). */
  value: string;
  /** What the field shows now. */
  text: string;
  /** Where the caret goes in `text`. */
  caret: number;
}

/**
 * One change to a field that showed `before` and now holds `after` (the caret at `caret`): a key typed, a deletion,
 * or a paste. A separator key is the decimal point, whichever of "." and "," the keypad offers; a second one, or one
 * at 0 decimals, is refused. A paste over the whole text is read like any pasted number (`readDecimal`).
 */
export function editDecimal(
  before: string,
  after: string,
  caret: number,
  decimals: number,
  locale: string,
): DecimalEdit {
  const { decimal } = separatorsOf(locale);
  // At 0 decimals a typed point stays on screen, inert: the digits after it are cut, not added to the integer.
  const finish = (value: string, significant: number, inertPoint = false): DecimalEdit => {
    const text = displayDecimal(value, locale) + (inertPoint ? decimal : '');
    return { value, text, caret: caretAfter(text, significant, decimal) };
  };
  const hasInertPoint = (text: string) => decimals <= 0 && toAscii(text).includes(decimal);

  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix++;
  }
  const inserted = after.slice(prefix, after.length - suffix);
  const removed = before.slice(prefix, before.length - suffix);

  // A paste or a fill: over the whole text, or of more than one character.
  if (before === '' || inserted.length > 1 || (prefix === 0 && suffix === 0 && inserted !== '')) {
    const value = readDecimal(after, decimals, locale);
    return finish(value, Number.MAX_SAFE_INTEGER);
  }

  const current = readDisplayed(before, decimals, locale);
  if (inserted.length === 1 && isSeparatorKey(inserted)) {
    // The decimal point key: digits left of the caret are the integer part, the rest the fraction.
    if (decimals <= 0) {
      const head = readDisplayed(before.slice(0, prefix), decimals, locale);
      return finish(head, Number.MAX_SAFE_INTEGER, head !== '');
    }
    if (current.includes('.')) return finish(current, significantBefore(before, prefix, decimal));
    const head = readDisplayed(before.slice(0, prefix), decimals, locale);
    const tail = readDisplayed(before.slice(prefix), decimals, locale).replace('.', '');
    const value = compose(head, tail, decimals);
    return finish(value, significantBefore(before, prefix, decimal) + 1 + (head === '' && prefix === 0 ? 1 : 0));
  }

  let edited = after;
  let editedCaret = caret;
  // Backspace over a group separator removes the digit before it, as the user meant.
  if (
    inserted === '' &&
    removed !== '' &&
    readDisplayed(removed, decimals, locale) === '' &&
    !removed.includes(decimal)
  ) {
    let i = prefix - 1;
    while (i >= 0 && !/\d/.test(before[i] ?? '')) i--;
    if (i >= 0) {
      edited = before.slice(0, i) + before.slice(i + 1);
      editedCaret = i;
    }
  }
  const value = readDisplayed(edited, decimals, locale);
  const inert = hasInertPoint(edited) && value !== '';
  return finish(value, significantBefore(edited, editedCaret, decimal), inert);
}
