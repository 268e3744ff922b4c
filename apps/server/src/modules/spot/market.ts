import {
  DecimalError,
  formatDecimal,
  type MarketCategory,
  parseDecimal,
  pow10,
  type SpotMarket,
} from '@bourse/contract';
import type { MarketSpec } from '@bourse/engine';
import { DomainError } from '../../lib/errors';

/** Fee rates are integers in parts per million: "0.001" (0.1%) is 1000. */
export const FEE_SCALE = 6;
/** No fee above 10%: a rate is a fraction of what a trader receives, and must stay far below all of it. */
export const MAX_FEE_PPM = 100_000;

export interface MarketRow {
  id: number;
  symbol: string;
  base: string;
  quote: string;
  category: MarketCategory;
  price_precision: number;
  qty_precision: number;
  tick: number;
  step: number;
  min_notional: number;
  maker_fee_ppm: number;
  taker_fee_ppm: number;
  price_band_low_ppm: number;
  price_band_high_ppm: number;
  status: 'open' | 'closed';
  hot: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

/**
 * One market's configuration in the units the hot path needs. Prices are integers of 10^-pricePrecision quote,
 * quantities integers of 10^-qtyPrecision base (the engine's units); money is in ledger units of its asset.
 */
export interface Market {
  readonly id: number;
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  readonly category: MarketCategory;
  readonly pricePrecision: number;
  readonly qtyPrecision: number;
  readonly tick: number;
  readonly step: number;
  /** In price units. */
  readonly minNotional: number;
  readonly makerFeePpm: number;
  readonly takerFeePpm: number;
  /** Price band around the last traded price, in parts per million of it (0: that side unbounded). */
  readonly priceBandLowPpm: number;
  readonly priceBandHighPpm: number;
  readonly status: 'open' | 'closed';
  readonly hot: boolean;
  readonly sort: number;
  readonly baseScale: number;
  readonly quoteScale: number;
  /** Base ledger units in one quantity unit: 10^(baseScale − qtyPrecision). */
  readonly baseUnit: bigint;
  /** Quote ledger units in one price unit: 10^(quoteScale − pricePrecision). */
  readonly priceUnit: bigint;
  /**
   * price × qty is counted in 10^-(pricePrecision + qtyPrecision) quote. `shift` = pricePrecision + qtyPrecision −
   * quoteScale: ≤ 0 means every notional is a whole number of quote ledger units (exact market); > 0 means it may
   * need rounding to 10^shift of its units (see money.ts).
   */
  readonly shift: number;
  /** 10^|shift|. */
  readonly shiftFactor: bigint;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export function marketFromRow(row: MarketRow, baseScale: number, quoteScale: number): Market {
  const shift = row.price_precision + row.qty_precision - quoteScale;
  return {
    id: row.id,
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    category: row.category,
    pricePrecision: row.price_precision,
    qtyPrecision: row.qty_precision,
    tick: row.tick,
    step: row.step,
    minNotional: row.min_notional,
    makerFeePpm: row.maker_fee_ppm,
    takerFeePpm: row.taker_fee_ppm,
    priceBandLowPpm: row.price_band_low_ppm,
    priceBandHighPpm: row.price_band_high_ppm,
    status: row.status,
    hot: row.hot === 1,
    sort: row.sort,
    baseScale,
    quoteScale,
    baseUnit: pow10(baseScale - row.qty_precision),
    priceUnit: pow10(quoteScale - row.price_precision),
    shift,
    shiftFactor: pow10(Math.abs(shift)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function engineSpec(market: Market): MarketSpec {
  return {
    priceScale: market.pricePrecision,
    qtyScale: market.qtyPrecision,
    tickSize: market.tick,
    stepSize: market.step,
    minNotional: market.minNotional,
  };
}

export function formatPrice(market: Market, price: number): string {
  return formatDecimal(BigInt(price), market.pricePrecision);
}

export function formatQty(market: Market, qty: number): string {
  return formatDecimal(BigInt(qty), market.qtyPrecision);
}

export function formatRate(ppm: number): string {
  return formatDecimal(BigInt(ppm), FEE_SCALE);
}

/** The wire form of a market (contract `SpotMarket`). */
export function marketView(market: Market): SpotMarket {
  return {
    symbol: market.symbol,
    base: market.base,
    quote: market.quote,
    category: market.category,
    pricePrecision: market.pricePrecision,
    quantityPrecision: market.qtyPrecision,
    tickSize: formatPrice(market, market.tick),
    stepSize: formatQty(market, market.step),
    minNotional: formatPrice(market, market.minNotional),
    makerFee: formatRate(market.makerFeePpm),
    takerFee: formatRate(market.takerFeePpm),
    priceBandLow: formatRate(market.priceBandLowPpm),
    priceBandHigh: formatRate(market.priceBandHighPpm),
    status: market.status,
    hot: market.hot,
    sort: market.sort,
  };
}

/**
 * Parses a decimal at a fixed number of decimals into a safe integer, or throws the given catalogue error (more
 * decimals than allowed, or too large).
 */
export function parseUnits(value: string, decimals: number, onError: () => DomainError): number {
  let units: bigint;
  try {
    units = parseDecimal(value, decimals);
  } catch (error) {
    if (error instanceof DecimalError) throw onError();
    throw error;
  }
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) throw onError();
  return Number(units);
}

/** A fee rate on the wire ("0.001") as parts per million, refused above {@link MAX_FEE_PPM}. */
export function parseRate(value: string, field: string): number {
  const ppm = parseUnits(value, FEE_SCALE, () => new DomainError('INVALID_PARAMS', { detail: field }));
  if (ppm > MAX_FEE_PPM) throw new DomainError('INVALID_PARAMS', { detail: field });
  return ppm;
}

/** Price band ratios are parts per million too: "0.2" is 200000, "5" is 5000000. */
const MAX_BAND_PPM = 1_000_000_000;

/**
 * The band of a market as parts per million of the last price: low in [0, 1] ("0" = no lower bound), high 0 (no
 * upper bound) or ≥ 1.
 */
export function parseBand(low: string, high: string): { low: number; high: number } {
  const lowPpm = parseUnits(low, FEE_SCALE, () => new DomainError('INVALID_PARAMS', { detail: 'priceBandLow' }));
  const highPpm = parseUnits(high, FEE_SCALE, () => new DomainError('INVALID_PARAMS', { detail: 'priceBandHigh' }));
  if (lowPpm > 1_000_000) throw new DomainError('INVALID_PARAMS', { detail: 'priceBandLow' });
  if ((highPpm !== 0 && highPpm < 1_000_000) || highPpm > MAX_BAND_PPM) {
    throw new DomainError('INVALID_PARAMS', { detail: 'priceBandHigh' });
  }
  return { low: lowPpm, high: highPpm };
}

/** A band ratio as the percentage the catalogue message shows: 200000 → "20%", 5000000 → "500%". */
export function bandPercent(ppm: number): string {
  return `${formatDecimal(BigInt(ppm), 4)}%`;
}

/**
 * The lowest and highest limit price (in price units) the band allows around `last`; a side switched off (ratio 0)
 * gives 0 or the largest safe integer. The low bound is rounded up and the high bound down, so the allowed range never
 * exceeds the configured ratios.
 */
export function bandBounds(market: Market, last: number): { low: number; high: number } {
  const ref = BigInt(last);
  const low = market.priceBandLowPpm === 0 ? 0 : Number((ref * BigInt(market.priceBandLowPpm) + 999_999n) / 1_000_000n);
  const high =
    market.priceBandHighPpm === 0
      ? Number.MAX_SAFE_INTEGER
      : Number((ref * BigInt(market.priceBandHighPpm)) / 1_000_000n);
  return { low, high };
}
