import { divRound, fee as feeFor, RATE_ONE } from '@bourse/money';
import { lotsNotional, maintenanceForNotional, type Contract } from './contract';
import {
  bankruptcyPrice,
  hasRecovered,
  isLiquidatable,
  poolRisk,
  type MarginPool,
  type MarkedPosition,
  type PoolRisk,
} from './pool';
import { closeLots, closingSide, sideSign, type OrderSide, type Position, type PositionSide } from './position';
import { ratio, roundRatioToStep, type Ratio } from './ratio';

/**
 * The liquidation process as decisions (dYdX v4 / Drift v2, as the rulebook states it). The server owns the state
 * and executes each decision, then asks again; every step here is a pure function of the pool, its marks and the
 * account's `inLiquidation` flag.
 *
 *   planLiquidation → none            healthy (or recovered): clear the flag
 *                   → cancel_orders   cancel the account's open orders (isolated: on the contract; cross: all), ask again
 *                   → close           IOC of `lots` at `limitPrice` into the book; settle the fills with
 *                                     settleLiquidationClose; what the book did not take goes to the insurance fund at the
 *                                     bankruptcy price (insuranceTakeoverLots), what the fund cannot carry to ADL (adl.ts:
 *                                     adlCapacity, rankAdl, allocateAdl), each settled with settleLiquidationClose at
 *                                     bankruptcyValue; count the step (closesSoFar) and ask again. Re-check every account
 *                                     ADL touched: closing at a bankrupt's price can put it under maintenance in turn.
 */
export type LiquidationDecision =
  | { readonly action: 'none'; readonly inLiquidation: false; readonly risk: PoolRisk }
  | { readonly action: 'cancel_orders'; readonly inLiquidation: true; readonly risk: PoolRisk }
  | {
      readonly action: 'close';
      readonly inLiquidation: true;
      readonly risk: PoolRisk;
      /** Which position of the pool. */
      readonly index: number;
      readonly orderSide: OrderSide;
      readonly lots: bigint;
      /** The whole position (small, bankrupt, or no partial close restores the margin). */
      readonly whole: boolean;
      /** Exact, ≥ one price unit; the price at which the closed lots use up exactly their share of the equity. */
      readonly bankruptcyPrice: Ratio;
      /**
       * The IOC's limit: the bankruptcy price rounded to the tick against the user (a sell up, a buy down), so no
       * book fill is ever worse than bankruptcy. Null: no tick price can do that (a buy below one tick) — skip the
       * book.
       */
      readonly limitPrice: bigint | null;
    };

export interface LiquidationState {
  /** Stored by the server: set by any decision but `none`, cleared by `none`. */
  readonly inLiquidation: boolean;
  /** The pool's account has open orders on its contracts (isolated: that contract; cross: any). */
  readonly hasOpenOrders: boolean;
  /**
   * Close steps already executed in this liquidation (the server counts them and resets the count with the flag).
   * A close is sized on fills at the mark; when the book took less, or worse, the rest went at the bankruptcy price,
   * which leaves equity / MM where it was — so each further step closes at least half of what remains, and a
   * liquidation ends in O(log lots) steps per position instead of nibbling.
   */
  readonly closesSoFar?: number;
}

/**
 * Liquidation is due when equity ≤ MM (mark price only — the caller passes marks, never a last trade), and, for an
 * account already in liquidation, until equity ≥ MM × (1 + buffer).
 */
export function planLiquidation(pool: MarginPool, state: LiquidationState): LiquidationDecision {
  const risk = poolRisk(pool);
  const n = pool.positions.length;
  const due = state.inLiquidation ? n > 0 && !hasRecovered(risk) : isLiquidatable(risk, n);
  if (!due) return { action: 'none', inLiquidation: false, risk };
  if (state.hasOpenOrders) return { action: 'cancel_orders', inLiquidation: true, risk };
  const index = riskiestPosition(risk);
  const { position } = pool.positions[index] as MarkedPosition;
  const bp = chunkBankruptcyPrice(pool, risk, index);
  const lots = lotsToClose(pool, risk, index, bp, state.closesSoFar ?? 0);
  return {
    action: 'close',
    inLiquidation: true,
    risk,
    index,
    orderSide: closingSide(position.side),
    lots,
    whole: lots === position.lots,
    bankruptcyPrice: bp,
    limitPrice: liquidationLimitPrice(position.contract, position.side, bp),
  };
}

/** The position with the largest maintenance margin (first on ties: the server orders the pool by symbol). */
function riskiestPosition(risk: PoolRisk): number {
  let best = 0;
  for (let i = 1; i < risk.mm.length; i++) if ((risk.mm[i] as bigint) > (risk.mm[best] as bigint)) best = i;
  return best;
}

/**
 * The bankruptcy price of lots of position j in a pool: the price at which closing them uses up exactly their share
 * of the pool's equity E, the share being their part of the maintenance margin (dYdX v4):
 *   share = MM_j / T × k / lots,  price = mark − side × E × share / (k × lot value) = mark − side × E × MM_j / (lots ×
 *   lot value × T).
 * It does not depend on k. With one position (isolated, or cross with one position) it is the position's own
 * bankruptcy price, entry ∓ collateral / qty. Closing the pool's positions one after another at these prices leaves
 * the ratio E / T unchanged and ends at E = 0. Kept at ≥ one price unit: a price of zero or less cannot trade, and
 * the part of the deficit that clamping leaves is carried by the next chunk (past the last, it is the account's
 * `unpaidLoss`, for the insurance fund).
 */
export function chunkBankruptcyPrice(pool: MarginPool, risk: PoolRisk, index: number): Ratio {
  const { position, mark } = pool.positions[index] as MarkedPosition;
  const q = position.lots * position.contract.lotValue;
  const mmj = risk.mm[index] as bigint;
  const t = risk.maintenance;
  const den = q * t;
  const num = mark * den - sideSign(position.side) * risk.equity * mmj;
  return num < den ? ratio(1n, 1n) : ratio(num, den);
}

/**
 * The worst price at which an ordinary close (manual, TP/SL, reduce-only, market) of position `index` may fill:
 * its bankruptcy price, the pool's other positions held at their marks, rounded to the tick against the user. A
 * close beyond it would leave a loss the pool cannot pay (an isolated pot's deficit, a cross account below zero)
 * for the insurance fund; the server passes it as the closing order's limit or a market order's protection price.
 * A long (a sell): the lowest price allowed (one tick when no positive price bankrupts it); a short (a buy): the
 * highest price allowed, or null when no tick price is safe (the pool is bankrupt: leave it to liquidation).
 */
export function closeProtectionPrice(pool: MarginPool, index: number, risk: PoolRisk = poolRisk(pool)): bigint | null {
  const { position } = pool.positions[index] as MarkedPosition;
  const bp = bankruptcyPrice(pool, index, risk);
  if (bp === null) return position.side === 'long' ? position.contract.tickSize : null;
  return liquidationLimitPrice(position.contract, position.side, bp);
}

/** The IOC limit: a sell's limit rounded up to the tick, a buy's down; null when a buy would need a price < 1 tick. */
export function liquidationLimitPrice(contract: Contract, side: PositionSide, bp: Ratio): bigint | null {
  if (side === 'long') return roundRatioToStep(bp, contract.tickSize, 'ceil');
  const limit = roundRatioToStep(bp, contract.tickSize, 'floor');
  return limit >= contract.tickSize ? limit : null;
}

/**
 * The value of `lots` at a bankruptcy price, rounded in the bankrupt side's favour by less than one unit (a long
 * sells for the value rounded up, a short buys back for it rounded down), so the user closed there keeps ≥ 0 and
 * the counterparty (insurance fund or ADL) carries the fraction. Also the bar above which a fill leaves a surplus.
 */
export function bankruptcyValue(contract: Contract, side: PositionSide, bp: Ratio, lots: bigint): bigint {
  return divRound(bp.num * lots * contract.lotValue, bp.den, side === 'long' ? 'ceil' : 'floor');
}

/**
 * The liquidation fee on a fill: min(fee rate × value, what is left above the bankruptcy value) — a fee never
 * takes the user below bankruptcy, so it never causes one. Rate rounded up, the surplus measured against
 * {@link bankruptcyValue}; never negative.
 */
export function liquidationFee(
  contract: Contract,
  side: PositionSide,
  bp: Ratio,
  lots: bigint,
  fillValue: bigint,
): bigint {
  const surplus = sideSign(side) * (fillValue - bankruptcyValue(contract, side, bp, lots));
  if (surplus <= 0n) return 0n;
  const asked = feeFor(fillValue, contract.liquidationFeePpm);
  return asked < surplus ? asked : surplus;
}

/**
 * How many lots to close so that, closed at the mark and after the liquidation fee, the pool has equity ≥ MM × (1 +
 * buffer): the smallest k found by bisection whose outcome is checked exactly (so the answer always satisfies it),
 * or the whole position when it is small (notional ≤ wholeLiquidationBelow, or the rest would be under minLots),
 * when the pool is bankrupt (E ≤ 0: no partial close can restore it) or when nothing short of the whole does.
 * After a first close, at least half of the remaining lots.
 */
function lotsToClose(pool: MarginPool, risk: PoolRisk, index: number, bp: Ratio, closesSoFar: number): bigint {
  const { position: p, mark } = pool.positions[index] as MarkedPosition;
  const c = p.contract;
  if (risk.equity <= 0n || lotsNotional(c, mark, p.lots) <= c.wholeLiquidationBelow) return p.lots;
  const othersScaled = risk.recoveryScaled - (risk.mm[index] as bigint) * (RATE_ONE + c.liquidationBuffer);
  const restores = (k: bigint): boolean => {
    if (k === p.lots) return true;
    if (p.lots - k < c.minLots) return false;
    const fillValue = lotsNotional(c, mark, k);
    const equityAfter = risk.equity - liquidationFee(c, p.side, bp, k, fillValue);
    const remaining = closeLots(p, k, fillValue).remaining as Position;
    const mmAfter = maintenanceForNotional(
      c,
      c.maintenanceBasis === 'entry' ? remaining.cost : lotsNotional(c, mark, remaining.lots),
    );
    return equityAfter * RATE_ONE >= othersScaled + mmAfter * (RATE_ONE + c.liquidationBuffer);
  };
  let lo = closesSoFar > 0 ? (p.lots + 1n) / 2n : 1n;
  let hi = p.lots;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (restores(mid)) hi = mid;
    else lo = mid + 1n;
  }
  return hi;
}

export interface LiquidationClose {
  /** The position afterwards; an isolated one keeps its whole pot (margin + realized − fee): none is released. */
  readonly remaining: Position | null;
  readonly realizedPnl: bigint;
  /** To the insurance fund. */
  readonly fee: bigint;
  /** Cross: realized − fee, for the wallet through `applyCrossPnl`. Isolated: 0. */
  readonly crossPnl: bigint;
  /** Isolated, closed whole: what is left of the pot, back to the wallet (≥ 0). */
  readonly toWallet: bigint;
  /** Isolated: what the pot could not cover (only if fills were worse than the limit); the fund pays it. */
  readonly deficit: bigint;
}

/**
 * Settles lots of a liquidated position closed for `fillValue`: the IOC's fills (their summed value), or a
 * transfer to the insurance fund or an ADL counterparty at {@link bankruptcyValue} (fee 0 there, as nothing is left
 * above bankruptcy). An isolated position's freed margin stays in its pot during a liquidation — releasing it pro
 * rata would leave the margin ratio where it was.
 */
export function settleLiquidationClose(
  pool: MarginPool,
  index: number,
  bp: Ratio,
  lots: bigint,
  fillValue: bigint,
): LiquidationClose {
  const { position: p } = pool.positions[index] as MarkedPosition;
  const close = closeLots(p, lots, fillValue);
  const fee = liquidationFee(p.contract, p.side, bp, lots, fillValue);
  if (p.mode === 'cross') {
    return {
      remaining: close.remaining,
      realizedPnl: close.realizedPnl,
      fee,
      crossPnl: close.realizedPnl - fee,
      toWallet: 0n,
      deficit: 0n,
    };
  }
  const pot = p.margin + close.realizedPnl - fee;
  const deficit = pot < 0n ? -pot : 0n;
  const left = pot < 0n ? 0n : pot;
  return {
    remaining: close.remaining === null ? null : { ...close.remaining, margin: left },
    realizedPnl: close.realizedPnl,
    fee,
    crossPnl: 0n,
    toWallet: close.remaining === null ? left : 0n,
    deficit,
  };
}

/**
 * How many of `lots` the insurance fund can take over at the bankruptcy price: it takes the bankrupt side's
 * position (a liquidated long's lots make the fund long) for {@link bankruptcyValue}, and may take as many as keep
 * its own equity (balance + uPnL of what it holds, `fundEquity`) ≥ 0 once they are marked at `mark`. The rest goes
 * to ADL.
 */
export function insuranceTakeoverLots(
  contract: Contract,
  side: PositionSide,
  bp: Ratio,
  lots: bigint,
  mark: bigint,
  fundEquity: bigint,
): bigint {
  const fits = (k: bigint): boolean =>
    fundEquity + sideSign(side) * (lotsNotional(contract, mark, k) - bankruptcyValue(contract, side, bp, k)) >= 0n;
  if (!fits(0n)) return 0n;
  let lo = 0n;
  let hi = lots;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}
