import { DecimalError, formatDecimal, parseDecimal } from '@bourse/contract';

/**
 * Amount inputs: what a user types is kept as text and converted to ledger units (bigint at the asset's scale) for
 * every comparison — never a float.
 */

/** Keeps digits and one decimal point, at most `decimals` after it (a comma is read as the point). */
export function sanitizeAmount(text: string, decimals: number): string {
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

/** Ledger units of a typed amount, or null when it is not a number yet ('', '.', '1.'). */
export function toUnits(text: string, scale: number): bigint | null {
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  try {
    return parseDecimal(text, scale);
  } catch (error) {
    if (error instanceof DecimalError) return null;
    throw error;
  }
}

export function fromUnits(units: bigint, scale: number): string {
  return formatDecimal(units, scale);
}
