import { mulDiv, pow10 } from '@bourse/contract';
import { DomainError } from '../../lib/errors';

/**
 * C2C arithmetic on bigint fixed point. Crypto quantities are in the asset's ledger units (10^-scale), fiat prices
 * and amounts in cents, floating ratios in hundredths of a percent, reference rates (fiat per USDT) in 10^-4, index
 * prices in 10^-8 USDT. Rounding is stated where it happens: a fiat amount rounds up and a quantity down, so the coin
 * seller never receives less than the price says, by at most one cent or one quantity step.
 */

export const RATE_SCALE = 4;
export const INDEX_SCALE = 8;
export const RATIO_SCALE = 4; // 10150 = 101.50 % = 1.0150

/**
 * The price of a floating ad in cents: index (USDT per unit, 10^-8) × rate (fiat per USDT, 10^-4) × ratio
 * (10^-4), rounded half up to the cent — a published quote, settled exactly at the value shown.
 */
export function floatingPrice(index: bigint, rate: bigint, ratio: bigint): bigint {
  const scale = pow10(INDEX_SCALE + RATE_SCALE + RATIO_SCALE - 2);
  const raw = index * rate * ratio;
  return (raw * 2n + scale) / (scale * 2n);
}

/** The quantity step of an asset at a C2C precision, in ledger units. */
export function stepOf(scale: number, precision: number): bigint {
  return pow10(Math.max(scale - precision, 0));
}

/** Fiat for a quantity at a price, rounded up to the cent (in the coin seller's favour). */
export function amountFor(quantity: bigint, price: bigint, scale: number): bigint {
  return mulDiv(quantity, price, pow10(scale), 'ceil');
}

/** The quantity a fiat amount buys at a price, rounded down to the step (in the coin seller's favour). */
export function quantityFor(amount: bigint, price: bigint, scale: number, step: bigint): bigint {
  const raw = mulDiv(amount, pow10(scale), price, 'floor');
  return raw - (raw % step);
}

/** What a remainder is worth in fiat, rounded down (an order may not exceed it). */
export function valueOf(quantity: bigint, price: bigint, scale: number): bigint {
  return mulDiv(quantity, price, pow10(scale), 'floor');
}

/** Parses "101.5" (percent) into hundredths of a percent (10150). */
export function parseRatio(text: string): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  if (frac.length > 2) throw new DomainError('INVALID_PARAMS');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
}

export function formatRatio(ratio: bigint): string {
  const whole = ratio / 100n;
  const frac = (ratio % 100n).toString().padStart(2, '0');
  return `${whole}.${frac}`;
}

/** The UTC day of an instant, `YYYY-MM-DD` (cancellations are counted per day). */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
