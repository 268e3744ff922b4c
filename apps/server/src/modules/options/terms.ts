import { DecimalError, formatDecimal, type OptionHours, parseDecimal } from '@bourse/contract';
import { fail } from '../../lib/errors';
import type { PairRow, PeriodRow } from './repo';

/** Rates on the wire are decimal strings ("0.8"); here parts per million. */
const PPM_DECIMALS = 6;

/** A pair as the module works with it (from `option_pairs`). */
export interface PairTerms {
  symbol: string;
  base: string;
  quote: string;
  /** Decimals the series is recorded at: the spot market's price precision when the pair was added. */
  priceScale: number;
  enabled: boolean;
  sort: number;
  /** Bit d = weekday d (0 = Sunday). */
  days: number;
  openMinute: number;
  closeMinute: number;
  createdAt: number;
  updatedAt: number;
}

/** A period's terms (from `option_periods`), the same for every pair. */
export interface PeriodTerms {
  seconds: number;
  payoutPpm: number;
  feePpm: number;
  minStake: bigint;
  maxStake: bigint;
  roundCap: bigint;
  enabled: boolean;
  updatedAt: number;
}

export function pairTerms(row: PairRow): PairTerms {
  return {
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    priceScale: row.price_scale,
    enabled: row.enabled === 1,
    sort: row.sort,
    days: row.days,
    openMinute: row.open_minute,
    closeMinute: row.close_minute,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function periodTerms(row: PeriodRow): PeriodTerms {
  return {
    seconds: Number(row.seconds),
    payoutPpm: Number(row.payout_ppm),
    feePpm: Number(row.fee_ppm),
    minStake: row.min_stake,
    maxStake: row.max_stake,
    roundCap: row.round_cap,
    enabled: Number(row.enabled) === 1,
    updatedAt: Number(row.updated_at),
  };
}

export const ALL_DAYS = 0b1111111;

/** Within market hours at instant `t` (UTC): a listed weekday, from the open minute until the close minute. */
export function withinHours(pair: Pick<PairTerms, 'days' | 'openMinute' | 'closeMinute'>, t: number): boolean {
  const date = new Date(t);
  if ((pair.days & (1 << date.getUTCDay())) === 0) return false;
  const minute = date.getUTCHours() * 60 + date.getUTCMinutes();
  return minute >= pair.openMinute && minute < pair.closeMinute;
}

export function hoursView(pair: Pick<PairTerms, 'days' | 'openMinute' | 'closeMinute'>): OptionHours {
  const days: number[] = [];
  for (let d = 0; d < 7; d++) if (pair.days & (1 << d)) days.push(d);
  return { openMinute: pair.openMinute, closeMinute: pair.closeMinute, days };
}

export function daysMask(days: readonly number[]): number {
  let mask = 0;
  for (const d of days) mask |= 1 << d;
  return mask;
}

export function formatPpm(ppm: number): string {
  return formatDecimal(BigInt(ppm), PPM_DECIMALS);
}

/** A decimal rate ("0.85") in ppm, refused (OPTION_SETTINGS_INVALID) beyond six decimals or `max`. */
export function parsePpm(value: string, field: string, max: number): number {
  let ppm: bigint;
  try {
    ppm = parseDecimal(value, PPM_DECIMALS);
  } catch (error) {
    if (error instanceof DecimalError) fail('OPTION_SETTINGS_INVALID', { detail: `${field}: at most 6 decimals` });
    throw error;
  }
  if (ppm > BigInt(max)) fail('OPTION_SETTINGS_INVALID', { detail: `${field}: at most ${formatPpm(max)}` });
  return Number(ppm);
}

/**
 * An index value (units of 10^-fromScale) at the series' scale, to the nearest unit (halves away from zero): the
 * series holds what the app shows, so a round that looks flat on screen is a draw.
 */
export function indexAtScale(price: bigint, fromScale: number, toScale: number): bigint {
  if (toScale >= fromScale) return price * 10n ** BigInt(toScale - fromScale);
  const unit = 10n ** BigInt(fromScale - toScale);
  return (price + unit / 2n) / unit;
}
