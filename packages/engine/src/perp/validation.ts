import { DecimalError, divRound, fee as feeFor, parseDecimal, RATE_ONE } from '@bourse/money';
import { isValidLeverage, lotsNotional, notionalCapForLeverage, type Contract } from './contract';
import {
  initialMargin,
  initialMarginFor,
  maintenanceMargin,
  positionNotional,
  sideOf,
  unrealizedPnl,
  type OrderSide,
  type Position,
  type PositionSide,
} from './position';
import { compareRatio, wholeRatio, type Ratio } from './ratio';

/**
 * Checks the server runs before it changes anything. Each returns a reason named like the contract package's error
 * codes (TPSL_CONFLICT, CLOSE_LOTS_INVALID, …) or a value; none throws on user input.
 */

export type TpSlError = 'TPSL_CONFLICT' | 'PRICE_TICK_INVALID' | 'INVALID_PRICE';

/**
 * Take-profit / stop-loss (spec §5): long — TP ≥ entry and TP ≥ last, SL ≤ entry and SL ≤ last; short mirrored.
 * Equality is allowed, as the spec says "at least" / "at most". The entry is the position's exact average (or an
 * order's price); trigger prices are positive multiples of the tick.
 */
export function checkTpSl(
  contract: Contract,
  args: {
    readonly side: PositionSide;
    readonly entry: Ratio | bigint;
    readonly lastPrice: bigint;
    readonly takeProfit?: bigint | null;
    readonly stopLoss?: bigint | null;
  },
): TpSlError | null {
  const entry = typeof args.entry === 'bigint' ? wholeRatio(args.entry) : args.entry;
  const last = wholeRatio(args.lastPrice);
  const up = args.side === 'long';
  for (const [price, above] of [
    [args.takeProfit, up],
    [args.stopLoss, !up],
  ] as const) {
    if (price === undefined || price === null) continue;
    if (price <= 0n) return 'INVALID_PRICE';
    if (price % contract.tickSize !== 0n) return 'PRICE_TICK_INVALID';
    const p = wholeRatio(price);
    const ok = above
      ? compareRatio(p, entry) >= 0 && compareRatio(p, last) >= 0
      : compareRatio(p, entry) <= 0 && compareRatio(p, last) <= 0;
    if (!ok) return 'TPSL_CONFLICT';
  }
  return null;
}

export type CloseLotsCheck =
  | { readonly ok: true; readonly lots: bigint }
  | { readonly ok: false; readonly reason: 'CLOSE_LOTS_INVALID' | 'CLOSE_LOTS_EXCEED_POSITION' };

/** Closing lots (spec §5): a whole number (a decimal string as on the wire, or a bigint), ≥ 1, ≤ the open lots. */
export function checkCloseLots(input: string | bigint, openLots: bigint): CloseLotsCheck {
  let lots: bigint;
  if (typeof input === 'bigint') lots = input;
  else {
    try {
      lots = parseDecimal(input, 0);
    } catch (e) {
      if (e instanceof DecimalError) return { ok: false, reason: 'CLOSE_LOTS_INVALID' };
      throw e;
    }
  }
  if (lots < 1n) return { ok: false, reason: 'CLOSE_LOTS_INVALID' };
  if (lots > openLots) return { ok: false, reason: 'CLOSE_LOTS_EXCEED_POSITION' };
  return { ok: true, lots };
}

/**
 * The most a reduce-only order (or one of its fills) may take: the open lots of the position it reduces, 0 when
 * there is none or the order is on the position's side. Check it when the order is placed and cap every fill by
 * it against the position at that moment, so a reduce-only order never grows or flips a position.
 */
export function reduceOnlyLots(
  position: { readonly side: PositionSide; readonly lots: bigint } | null,
  orderSide: OrderSide,
  lots: bigint,
): bigint {
  if (position === null || sideOf(orderSide) === position.side || lots <= 0n) return 0n;
  return lots < position.lots ? lots : position.lots;
}

/**
 * The most lots an order may open at `price` (its limit, or for a market order the worst price it may fill at),
 * so that IM + taker fee ≤ `available` and the position stays under the notional cap of its leverage's tier.
 * `position` is the account's position on the contract: a same-side one counts toward the cap; an opposite one is
 * closed first by the order and needs no margin — add its lots to this answer for a one-way order.
 */
export function maxOpenLots(
  contract: Contract,
  args: {
    readonly price: bigint;
    readonly leverage: number;
    readonly available: bigint;
    readonly feePpm: number;
    readonly side: OrderSide;
    readonly position: Position | null;
  },
): bigint {
  if (!isValidLeverage(contract, args.leverage) || args.price <= 0n || args.available <= 0n) return 0n;
  const existing = args.position !== null && args.position.side === sideOf(args.side) ? args.position.cost : 0n;
  const cap = notionalCapForLeverage(contract, args.leverage);
  const feePpm = args.feePpm > 0 ? args.feePpm : 0; // a rebate is paid after the fill, never lent before it
  const fits = (k: bigint): boolean => {
    const value = lotsNotional(contract, args.price, k);
    if (existing + value >= cap) return false;
    return initialMarginFor(value, args.leverage) + feeFor(value, feePpm) <= args.available;
  };
  // IM alone bounds k: value / leverage ≤ available.
  let lo = 0n;
  let hi = (args.available * BigInt(args.leverage)) / (args.price * contract.lotValue) + 1n;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}

export type LeverageCheck =
  | {
      readonly ok: true;
      /** Isolated: margin moved into the position (> 0, from the wallet) or released to the wallet (< 0). */
      readonly marginDelta: bigint;
    }
  | { readonly ok: false; readonly reason: 'LEVERAGE_INVALID' | 'POSITION_TOO_LARGE' | 'MARGIN_INSUFFICIENT' };

/**
 * Changing a contract's leverage with a position open. The position's notional (the larger of cost and value at
 * the mark) must stay under the cap of the new leverage's tier. Its initial margin is recomputed at the new
 * leverage:
 * - lowering needs the extra IM from `available` (isolated: it moves into the pot; cross: it is reserved);
 * - raising frees IM — an isolated pot releases it to the wallet — and is refused when what would remain, counting
 *   an unrealized loss, would not cover the new IM ("margin would not suffice").
 * `available` is the wallet's free balance (cross: after all IM, order holds and unrealized losses).
 */
export function checkLeverageChange(
  position: Position | null,
  newLeverage: number,
  mark: bigint,
  available: bigint,
  contract: Contract,
): LeverageCheck {
  if (!isValidLeverage(contract, newLeverage)) return { ok: false, reason: 'LEVERAGE_INVALID' };
  if (position === null) return { ok: true, marginDelta: 0n };
  const value = position.cost > positionNotional(position, mark) ? position.cost : positionNotional(position, mark);
  if (value >= notionalCapForLeverage(contract, newLeverage)) return { ok: false, reason: 'POSITION_TOO_LARGE' };
  const imNew = initialMarginFor(position.cost, newLeverage);
  const delta = imNew - initialMargin(position);
  if (delta > 0n && available < delta) return { ok: false, reason: 'MARGIN_INSUFFICIENT' };
  if (position.mode === 'cross') return { ok: true, marginDelta: 0n };
  if (delta < 0n) {
    const loss = unrealizedPnl(position, mark);
    if (position.margin + delta + (loss < 0n ? loss : 0n) < imNew) return { ok: false, reason: 'MARGIN_INSUFFICIENT' };
  }
  return { ok: true, marginDelta: delta };
}

/**
 * The most margin a user may take out of an isolated position: what keeps margin + min(uPnL, 0) ≥ max(IM,
 * MM × (1 + buffer)) — unrealized profit is never withdrawable, and a removal never brings the position near
 * liquidation. Adding margin needs no check beyond the wallet; recompute the liquidation price after either.
 */
export function maxRemovableMargin(position: Position, mark: bigint): bigint {
  if (position.mode !== 'isolated') return 0n;
  const buffered = divRound(
    maintenanceMargin(position, mark) * (RATE_ONE + position.contract.liquidationBuffer),
    RATE_ONE,
    'ceil',
  );
  const im = initialMargin(position);
  const floor = im > buffered ? im : buffered;
  const upnl = unrealizedPnl(position, mark);
  const free = position.margin + (upnl < 0n ? upnl : 0n) - floor;
  return free > 0n ? free : 0n;
}
