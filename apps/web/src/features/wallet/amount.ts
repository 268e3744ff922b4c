import { DecimalError, formatDecimal, parseDecimal } from '@bourse/contract';

/**
 * Amount inputs: what a user types is kept as text and converted to ledger units (bigint at the asset's scale) for
 * every comparison — never a float.
 */

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
