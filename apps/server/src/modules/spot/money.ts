import { fee } from '@bourse/engine';
import type { Market } from './market';

/**
 * How a fill becomes ledger amounts. A fill's exact value is price × qty in units of 10^-(pricePrecision +
 * qtyPrecision) quote ("notional units"). In an exact market (`shift` ≤ 0, every default market) that is a whole
 * number of quote ledger units and nothing is rounded. Otherwise:
 *
 * - the seller receives the fill's value rounded **down** to a ledger unit, fill by fill;
 * - the buyer pays the **cumulative** value of the order's fills rounded **up**: each fill costs
 *   ⌈(E + v) / 10^shift⌉ − ⌈E / 10^shift⌉, where E is the order's exact value before the fill. So an order never pays
 *   more than its exact total rounded up once, which is what it froze, and each fill still costs at least the seller's
 *   share (⌈E + v⌉ − ⌈E⌉ ≥ ⌊v⌋);
 * - the difference (under one unit per fill) goes to the fees account, so the ledger balances.
 *
 * Fees: buyers pay in the base asset, sellers in the quote asset, each a rate of what they receive rounded up
 * (engine `fee`): the exchange is favoured by less than one unit, never the other way.
 */

/** Ceiling of a notional in quote ledger units. */
export function quoteCeil(market: Market, notional: bigint): bigint {
  if (market.shift <= 0) return notional * market.shiftFactor;
  const q = notional / market.shiftFactor;
  return q * market.shiftFactor === notional ? q : q + 1n;
}

/** Floor of a notional in quote ledger units. */
export function quoteFloor(market: Market, notional: bigint): bigint {
  if (market.shift <= 0) return notional * market.shiftFactor;
  return notional / market.shiftFactor;
}

/** What a buy order pays for a fill of exact value `notional`, given the exact value of its earlier fills. */
export function buyerCost(market: Market, exactBefore: bigint, notional: bigint): bigint {
  if (market.shift <= 0) return notional * market.shiftFactor;
  return quoteCeil(market, exactBefore + notional) - quoteCeil(market, exactBefore);
}

/**
 * What a resting buy must keep frozen so that every future fill at its limit price is covered: the cost of its
 * remaining quantity under the cumulative rule. Fills as a maker happen at its own price, so this is exact.
 */
export function buyReserve(market: Market, exactBefore: bigint, price: number, remainingQty: number): bigint {
  return buyerCost(market, exactBefore, BigInt(price) * BigInt(remainingQty));
}

export interface FillAmounts {
  /** Quote ledger units leaving the buyer's frozen balance. */
  buyerPays: bigint;
  /** Quote ledger units the seller is credited before the fee. */
  sellerGets: bigint;
  /** Base ledger units leaving the seller's frozen balance. */
  base: bigint;
  /** In base units, kept from what the buyer receives. */
  buyerFee: bigint;
  /** In quote units, kept from what the seller receives. */
  sellerFee: bigint;
  /** buyerPays − sellerGets: rounding dust (0 in exact markets), to the fees account. */
  dust: bigint;
}

export function fillAmounts(
  market: Market,
  price: number,
  qty: number,
  buyerExactBefore: bigint,
  buyerFeePpm: number,
  sellerFeePpm: number,
): FillAmounts {
  const notional = BigInt(price) * BigInt(qty);
  const buyerPays = buyerCost(market, buyerExactBefore, notional);
  const sellerGets = quoteFloor(market, notional);
  const base = BigInt(qty) * market.baseUnit;
  return {
    buyerPays,
    sellerGets,
    base,
    buyerFee: buyerFeePpm === 0 ? 0n : fee(base, buyerFeePpm),
    sellerFee: sellerFeePpm === 0 || sellerGets === 0n ? 0n : fee(sellerGets, sellerFeePpm),
    dust: buyerPays - sellerGets,
  };
}
