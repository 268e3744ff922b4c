import { type ErrorKey, type ErrorParams, formatDecimal, type SwapContract } from '@bourse/contract';
import { toUnits } from '../../lib/trading/orderMath';

/**
 * The futures pages' own arithmetic — only checks and display, never a money figure: costs, liquidation prices,
 * PnL and max lots come from the server. Prices and amounts stay decimal strings; comparisons run on bigint units.
 */

/** Scale wide enough for any price or rate the pages compare (entry prices carry 4 decimals beyond the tick). */
const SCALE = 16;

/** Units of a possibly signed decimal string at {@link SCALE}; null when it is not a number. */
function signedUnits(value: string): bigint | null {
  const text = value.trim();
  const negative = text.startsWith('-');
  const units = toUnits(negative || text.startsWith('+') ? text.slice(1) : text, SCALE);
  if (units === null) return null;
  return negative ? -units : units;
}

/** Compares two decimal strings (either may be signed) exactly. */
export function compareSigned(a: string, b: string): number {
  const x = signedUnits(a) ?? 0n;
  const y = signedUnits(b) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

export type Trend = 'rise' | 'fall' | 'flat';

/** Gains read in the rise colour, losses in the fall colour. */
export function trendOfSigned(value: string | null | undefined): Trend {
  if (!value || !/[1-9]/.test(value)) return 'flat';
  return value.trim().startsWith('-') ? 'fall' : 'rise';
}

/** The magnitude of a signed decimal string ("-1.5" → "1.5"). */
export function magnitude(value: string): string {
  return value.trim().replace(/^[-+]/, '');
}

/** The sign an `<Amount sign>` shows for a signed figure: '+' for gains, '-' for losses, none for zero. */
export function signOf(value: string): '+' | '-' | undefined {
  const trend = trendOfSigned(value);
  return trend === 'rise' ? '+' : trend === 'fall' ? '-' : undefined;
}

/** A rate as a decimal fraction ("0.0001", "-0.00025") → its percent with its sign ("0.01", "-0.025"). */
export function ratePercentSigned(rate: string): string {
  const units = signedUnits(rate);
  if (units === null) return '0';
  return formatDecimal(units * 100n, SCALE);
}

/** Time left until `target` as HH:MM:SS (more than a day shows the hours beyond 24). */
export function countdownText(target: number, now: number): string {
  const seconds = Math.max(0, Math.floor((target - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** ADL lights: how many of the five are lit (0 when the position is not in the profitable queue). */
export function adlLit(adl: number): number {
  return Math.max(0, Math.min(5, Math.trunc(adl)));
}

/** A catalogue problem of a field, shown under it in the server's own words. */
export interface FieldProblem<F extends string> {
  field: F;
  catalogue: ErrorKey;
  params?: ErrorParams;
}

/** The base quantity of some lots: lots × contract size ("0.001" BTC a lot × 25 → "0.025"). */
export function lotsSize(lots: number, contract: Pick<SwapContract, 'contractSize' | 'sizePrecision'>): string {
  const size = toUnits(contract.contractSize, contract.sizePrecision) ?? 0n;
  return formatDecimal(size * BigInt(lots), contract.sizePrecision);
}

/** Whole lots typed in a field ('' or anything but digits: null). */
export function parseLots(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const lots = Number(trimmed);
  return Number.isSafeInteger(lots) ? lots : null;
}

/**
 * Closing lots (spec §5): a whole number, at least 1, and not more than the open lots — the engine's
 * `checkCloseLots`, with the same catalogue entries the server answers.
 */
export function checkCloseLots(text: string, openLots: number): ErrorKey | null {
  if (!/^\s*\d+(\.0*)?\s*$/.test(text)) return 'CLOSE_LOTS_INVALID';
  const lots = Number.parseInt(text, 10);
  if (!(lots >= 1)) return 'CLOSE_LOTS_INVALID';
  if (lots > openLots) return 'CLOSE_LOTS_EXCEED_POSITION';
  return null;
}

/** A share (25/50/75/100 %) of some lots, whole lots rounded down. */
export function lotsShare(lots: number, percent: number): number {
  return Math.floor((lots * percent) / 100);
}

/**
 * Take-profit and stop-loss (spec §5): for a long, TP at least the entry and the last price, SL at most both; a
 * short is the mirror image. Trigger prices are positive multiples of the tick. `entry` is the position's average
 * entry or the order's price. Returns the field at fault with the catalogue entry the server would answer.
 */
export function checkTpSl(args: {
  side: 'long' | 'short';
  entry: string;
  last: string;
  takeProfit: string;
  stopLoss: string;
  contract: Pick<SwapContract, 'tickSize' | 'pricePrecision'>;
}): FieldProblem<'takeProfit' | 'stopLoss'> | null {
  const { side, entry, last, contract } = args;
  const tick = toUnits(contract.tickSize, contract.pricePrecision) ?? 1n;
  const checks = [
    ['takeProfit', args.takeProfit, side === 'long'],
    ['stopLoss', args.stopLoss, side === 'short'],
  ] as const;
  for (const [field, value, above] of checks) {
    if (value.trim() === '') continue;
    const units = toUnits(value, contract.pricePrecision);
    if (units === null || units === 0n || units % tick !== 0n)
      return { field, catalogue: 'PRICE_TICK_INVALID', params: { tick: contract.tickSize } };
    const againstEntry = compareSigned(value, entry);
    const againstLast = compareSigned(value, last);
    const ok = above ? againstEntry >= 0 && againstLast >= 0 : againstEntry <= 0 && againstLast <= 0;
    if (!ok) return { field, catalogue: 'TPSL_CONFLICT' };
  }
  return null;
}

/** The largest position (notional, USDT) a leverage allows: the bound of the highest tier that still offers it. */
export function maxNotionalAt(contract: Pick<SwapContract, 'tiers'>, leverage: number): string | null {
  let bound: string | null = null;
  for (const tier of contract.tiers) if (tier.maxLeverage >= leverage) bound = tier.below;
  return bound;
}
