import { type ErrorKey, type ErrorParams, formatDecimal, pow10 } from '@bourse/contract';
import type { MarketRules } from './market';

/**
 * The order form's arithmetic, for any product (spot, perpetuals, options). What a user types stays text; every
 * comparison and product is done on bigint units (10^-scale), and every derived amount is truncated down to the
 * market's tick or step — never a float.
 */

const NUMBER = /^(\d+)?(?:\.(\d*))?$/;

/** Units of 10^-scale in a non-negative decimal string, further digits cut off; null when it is not a number. */
export function toUnits(value: string, scale: number): bigint | null {
  const m = NUMBER.exec(value.trim());
  if (!m || (m[1] === undefined && !m[2])) return null;
  const frac = (m[2] ?? '').slice(0, scale).padEnd(scale, '0');
  return BigInt(m[1] ?? '0') * pow10(scale) + (scale > 0 ? BigInt(frac) : 0n);
}

/** `value` cut down to a multiple of `step` (both decimal strings), as a decimal string with `scale` decimals max. */
export function truncateToStep(value: string, step: string, scale: number): string {
  const units = toUnits(value, scale);
  const stepUnits = toUnits(step, scale);
  if (units === null || stepUnits === null || stepUnits === 0n) return '0';
  return formatDecimal(units - (units % stepUnits), scale);
}

/** Adds `ticks` ticks (may be negative) to a price, never below one tick; for the − and + buttons. */
export function stepPrice(
  price: string,
  ticks: number,
  market: Pick<MarketRules, 'tickSize' | 'pricePrecision'>,
): string {
  const scale = market.pricePrecision;
  const tick = toUnits(market.tickSize, scale) ?? 1n;
  const units = toUnits(price, scale) ?? 0n;
  const next = units - (units % tick) + BigInt(ticks) * tick;
  return formatDecimal(next < tick ? tick : next, scale);
}

type MarketNumbers = Pick<
  MarketRules,
  'pricePrecision' | 'quantityPrecision' | 'tickSize' | 'stepSize' | 'minNotional'
>;

/** price × quantity, exactly (a decimal string at pricePrecision + quantityPrecision decimals, trimmed). */
export function orderTotal(price: string, quantity: string, market: MarketNumbers): string {
  const p = toUnits(price, market.pricePrecision) ?? 0n;
  const q = toUnits(quantity, market.quantityPrecision) ?? 0n;
  return formatDecimal(p * q, market.pricePrecision + market.quantityPrecision);
}

/** The quantity a quote amount buys at `price`, truncated to the step ('0' without a price). */
export function quantityForTotal(total: string, price: string, market: MarketNumbers): string {
  const scale = market.pricePrecision + market.quantityPrecision;
  const t = toUnits(total, scale) ?? 0n;
  const p = toUnits(price, market.pricePrecision) ?? 0n;
  if (p === 0n) return '0';
  // t is at scale pp+qp and p at pp: t / p is the quantity at qp.
  const step = toUnits(market.stepSize, market.quantityPrecision) ?? 1n;
  const q = t / p;
  return formatDecimal(q - (q % step), market.quantityPrecision);
}

export type Side = 'buy' | 'sell';

export interface PercentInput {
  side: Side;
  /** 0–100. */
  percent: number;
  /** What the trading wallet has available of the base (sell) or quote (buy) asset. */
  available: string;
  /** Limit price; for a market buy leave it out: the percent is then of the quote to spend. */
  price?: string;
}

/**
 * What the 25/50/75/100% buttons fill in: a sell's quantity is that share of the base available; a limit buy's
 * quantity is what that share of the quote buys at the price; a market buy's amount is that share of the quote
 * (at price precision, the unit the engine spends). Always truncated to the step, so 100% never asks for more than
 * there is.
 */
export function amountForPercent(input: PercentInput, market: MarketNumbers): string {
  const pct = BigInt(Math.max(0, Math.min(100, Math.trunc(input.percent))));
  if (input.side === 'sell') {
    const base = toUnits(input.available, market.quantityPrecision) ?? 0n;
    const step = toUnits(market.stepSize, market.quantityPrecision) ?? 1n;
    const q = (base * pct) / 100n;
    return formatDecimal(q - (q % step), market.quantityPrecision);
  }
  if (input.price === undefined) {
    const quote = toUnits(input.available, market.pricePrecision) ?? 0n;
    return formatDecimal((quote * pct) / 100n, market.pricePrecision);
  }
  const scale = market.pricePrecision + market.quantityPrecision;
  const budget = ((toUnits(input.available, scale) ?? 0n) * pct) / 100n;
  return quantityForTotal(formatDecimal(budget, scale), input.price, market);
}

/** A fee rate as a percent string: "0.001" → "0.1". */
export function ratePercent(rate: string): string {
  const units = toUnits(rate, 12) ?? 0n;
  return formatDecimal(units * 100n, 12);
}

/** amount × rate, truncated to `scale` decimals (an estimate shown before the order trades). */
export function feeOf(amount: string, rate: string, scale: number): string {
  const a = toUnits(amount, scale) ?? 0n;
  const r = toUnits(rate, 12) ?? 0n;
  return formatDecimal((a * r) / pow10(12), scale);
}

export type OrderKind = 'limit' | 'market';

export interface OrderDraft {
  side: Side;
  type: OrderKind;
  price: string;
  /** Base quantity: limit orders and market sells. */
  amount: string;
  /** Quote to spend: market buys. */
  total: string;
}

export type FieldName = 'price' | 'amount' | 'total';

/** A form problem: a catalogue entry (the server's own words) or one of the form's prompts. */
export type OrderProblem =
  | { field: FieldName; catalogue: ErrorKey; params?: ErrorParams }
  | { field: FieldName; prompt: 'enterPrice' | 'enterAmount' | 'enterTotal' };

/** Parts per million, as the server counts a band ratio. */
const PPM_SCALE = 6;

/** A band ratio ("0.2", "5") as the percentage the catalogue message shows ("20%", "500%"). */
function bandPercent(ratio: string): string {
  const ppm = toUnits(ratio, PPM_SCALE) ?? 0n;
  return `${formatDecimal(ppm, 4)}%`;
}

/**
 * Whether a limit price lies inside the market's price band around the last price (the server's rule: low bound
 * rounded up, high bound down; no band before the first trade or for a ratio of "0").
 */
function outsideBand(
  price: bigint,
  last: string | undefined,
  market: MarketNumbers & Pick<MarketRules, 'priceBandLow' | 'priceBandHigh'>,
): boolean {
  const ref = last === undefined ? 0n : (toUnits(last, market.pricePrecision) ?? 0n);
  if (ref === 0n) return false;
  const million = 1_000_000n;
  const lowPpm = toUnits(market.priceBandLow ?? '0', PPM_SCALE) ?? 0n;
  const highPpm = toUnits(market.priceBandHigh ?? '0', PPM_SCALE) ?? 0n;
  if (lowPpm > 0n && price < (ref * lowPpm + million - 1n) / million) return true;
  return highPpm > 0n && price > (ref * highPpm) / million;
}

/**
 * The checks the server would make that the form can make first, in the order the server makes them, with the same
 * catalogue entries: tick, price band, step, minimum value, and what the trading wallet has available. `last` is the
 * market's last price (the band's centre).
 */
export function checkOrder(
  draft: OrderDraft,
  market: MarketRules,
  available: { base: string; quote: string },
  last?: string,
): OrderProblem | null {
  const pp = market.pricePrecision;
  const qp = market.quantityPrecision;
  const tick = toUnits(market.tickSize, pp) ?? 1n;
  const step = toUnits(market.stepSize, qp) ?? 1n;
  const minProduct = (toUnits(market.minNotional, pp) ?? 0n) * pow10(qp);
  const minParams = { min: market.minNotional, quote: market.quote };

  if (draft.type === 'market' && draft.side === 'buy') {
    const total = toUnits(draft.total, pp) ?? 0n;
    if (total === 0n) return { field: 'total', prompt: 'enterTotal' };
    if (total * pow10(qp) < minProduct) return { field: 'total', catalogue: 'BELOW_MIN_NOTIONAL', params: minParams };
    if (total > (toUnits(available.quote, pp) ?? 0n)) return { field: 'total', catalogue: 'INSUFFICIENT_BALANCE' };
    return null;
  }

  let price = 0n;
  if (draft.type === 'limit') {
    price = toUnits(draft.price, pp) ?? 0n;
    if (price === 0n) return { field: 'price', prompt: 'enterPrice' };
    if (price % tick !== 0n) {
      return { field: 'price', catalogue: 'PRICE_TICK_INVALID', params: { tick: market.tickSize } };
    }
    if (outsideBand(price, last, market)) {
      const high = toUnits(market.priceBandHigh ?? '0', PPM_SCALE) ?? 0n;
      return {
        field: 'price',
        catalogue: 'PRICE_OUT_OF_LIMIT',
        params: {
          low: bandPercent(market.priceBandLow ?? '0'),
          high: high === 0n ? '∞' : bandPercent(market.priceBandHigh ?? '0'),
        },
      };
    }
  }
  const qty = toUnits(draft.amount, qp) ?? 0n;
  if (qty === 0n) return { field: 'amount', prompt: 'enterAmount' };
  if (qty % step !== 0n) {
    return { field: 'amount', catalogue: 'QUANTITY_STEP_INVALID', params: { step: market.stepSize } };
  }
  if (draft.type === 'limit' && price * qty < minProduct) {
    return { field: 'amount', catalogue: 'BELOW_MIN_NOTIONAL', params: minParams };
  }
  if (draft.side === 'sell') {
    if (qty > (toUnits(available.base, qp) ?? 0n)) return { field: 'amount', catalogue: 'INSUFFICIENT_BALANCE' };
  } else if (price * qty > (toUnits(available.quote, pp + qp) ?? 0n)) {
    return { field: 'amount', catalogue: 'INSUFFICIENT_BALANCE' };
  }
  return null;
}

/** The wire form of what was typed ("96000." → "96000", ".5" → "0.5"); '' when it is not a number. */
export function canonical(value: string, scale: number): string {
  const units = toUnits(value, scale);
  return units === null ? '' : formatDecimal(units, scale);
}
