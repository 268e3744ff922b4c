/** What a user types into an amount or price field, kept to a decimal number as they type. */

/** Keeps digits and one decimal point, at most `decimals` after it (a comma is read as the point). */
export function sanitizeDecimal(text: string, decimals: number): string {
  let out = '';
  let dot = false;
  let after = 0;
  for (const ch of text.replace(/,/g, '.')) {
    if (ch === '.') {
      if (dot || decimals === 0) continue;
      dot = true;
      out += out === '' ? '0.' : '.';
    } else if (ch >= '0' && ch <= '9') {
      if (dot) {
        if (after >= decimals) continue;
        after++;
      }
      out += ch;
    }
  }
  return out.replace(/^0+(?=\d)/, '');
}
