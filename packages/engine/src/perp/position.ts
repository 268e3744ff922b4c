import type { Side } from '../types';
import { divRound, fee as feeFor, RATE_ONE } from '@bourse/money';
import { lotsNotional, maintenanceForNotional, type Contract } from './contract';
import { ratio, type Ratio } from './ratio';

export type PositionSide = 'long' | 'short';
/** An order's side, as in the book. */
export type OrderSide = Side;
export type MarginMode = 'isolated' | 'cross';

/**
 * One position (one-way mode: at most one per account and contract).
 *
 * The entry is kept exact as the position's **cost**: the sum of its opening fills' values (price × qty, a whole
 * number of amount units), less the share taken by each partial close. The average entry price is cost / qty, a
 * rational with more precision than the tick ({@link entryPrice}); nothing about the entry is ever rounded. This
 * makes unrealized PnL exact (side × (qty × mark − cost)) and realized PnL exact over a position's life: whatever a
 * partial close rounds (its cost share, against the user) the remaining lots carry, so the sum of all realized PnL
 * is side × (Σ exit values − Σ entry values) to the unit, and over all users it is zero.
 */
export interface Position {
  readonly contract: Contract;
  readonly side: PositionSide;
  /** Open lots, > 0. */
  readonly lots: bigint;
  /** Entry value of the open lots, amount units, > 0. */
  readonly cost: bigint;
  /** Whole number, 1 to the contract's maximum. */
  readonly leverage: number;
  readonly mode: MarginMode;
  /** Isolated: the position's own margin pot (amount units, ≥ 0). Cross: 0 (the account's wallet backs it). */
  readonly margin: bigint;
}

/** +1 for a long, −1 for a short. */
export function sideSign(side: PositionSide): bigint {
  return side === 'long' ? 1n : -1n;
}

/** The position side a buy or sell opens. */
export function sideOf(order: OrderSide): PositionSide {
  return order === 'buy' ? 'long' : 'short';
}

/** The order side that closes a position. */
export function closingSide(side: PositionSide): OrderSide {
  return side === 'long' ? 'sell' : 'buy';
}

/** Base quantity in qty units. */
export function positionQty(p: Position): bigint {
  return p.lots * p.contract.lotQty;
}

/** The exact average entry price, in price units: cost / (lots × lot value). */
export function entryPrice(p: Position): Ratio {
  return ratio(p.cost, p.lots * p.contract.lotValue);
}

/** Notional at `mark`, amount units. */
export function positionNotional(p: Position, mark: bigint): bigint {
  return lotsNotional(p.contract, mark, p.lots);
}

/** uPnL = side × (qty × mark − qty × entry): exact, amount units. */
export function unrealizedPnl(p: Position, mark: bigint): bigint {
  return sideSign(p.side) * (positionNotional(p, mark) - p.cost);
}

/** IM of an entry value at a leverage: value / leverage, rounded up (the user posts at least the exact margin). */
export function initialMarginFor(value: bigint, leverage: number): bigint {
  return divRound(value, BigInt(leverage), 'ceil');
}

/** IM = qty × entry / leverage, rounded up. */
export function initialMargin(p: Position): bigint {
  return initialMarginFor(p.cost, p.leverage);
}

/** The notional the contract measures maintenance on: the cost (basis `entry`) or the value at the mark. */
export function maintenanceNotional(p: Position, mark: bigint): bigint {
  return p.contract.maintenanceBasis === 'entry' ? p.cost : positionNotional(p, mark);
}

/** MM = notional × MMR − cum of its tier, rounded up. */
export function maintenanceMargin(p: Position, mark: bigint): bigint {
  return maintenanceForNotional(p.contract, maintenanceNotional(p, mark));
}

/** ROE = uPnL / IM as a rate (10^-12), rounded toward −∞ (a gain is never overstated, a loss never understated). */
export function returnOnEquity(p: Position, mark: bigint): bigint {
  return divRound(unrealizedPnl(p, mark) * RATE_ONE, initialMargin(p), 'floor');
}

/**
 * Margin ratio = MM / equity as a rate, rounded up (risk is never understated); ≥ 1 means liquidation. `null` when
 * equity ≤ 0 (infinite).
 */
export function marginRatio(maintenance: bigint, equity: bigint): bigint | null {
  if (equity <= 0n) return null;
  return divRound(maintenance * RATE_ONE, equity, 'ceil');
}

// ---- changing a position -----------------------------------------------------------------------------------------

export interface Close {
  /** The position after the close, entry unchanged (to less than one unit of cost); null when closed whole. */
  readonly remaining: Position | null;
  /** The closed lots' share of the cost. */
  readonly costShare: bigint;
  /** side × (exit value − cost share), amount units. */
  readonly realizedPnl: bigint;
}

/**
 * Closes `lots` (1 to the open lots) for a total exit value (price × qty of the closing fills). The cost share is
 * cost × lots / open lots, rounded against the user (up for a long, down for a short), and the remaining lots keep
 * the rest — so this close realizes at most one unit less than exact, and the position's later closes get it back.
 * The margin is left as it was: what happens to it depends on why the lots closed ({@link isolatedCloseMoney},
 * `settleLiquidationClose`).
 */
export function closeLots(p: Position, lots: bigint, exitValue: bigint): Close {
  if (lots <= 0n || lots > p.lots) throw new RangeError('close: lots must be 1 to the open lots');
  if (exitValue < 0n) throw new RangeError('close: negative exit value');
  const costShare = lots === p.lots ? p.cost : divRound(p.cost * lots, p.lots, p.side === 'long' ? 'ceil' : 'floor');
  const realizedPnl = sideSign(p.side) * (exitValue - costShare);
  const remaining = lots === p.lots ? null : { ...p, lots: p.lots - lots, cost: p.cost - costShare };
  return { remaining, costShare, realizedPnl };
}

/**
 * Adds `lots` bought (long) or sold (short) for a total value to a position of the same side, or opens one. An
 * isolated position's margin grows by the IM of the added value ({@link initialMarginFor}), which the caller moves
 * from the wallet (it was held for the order). Cross positions have no margin of their own.
 */
export function openLots(
  existing: Position | null,
  contract: Contract,
  side: PositionSide,
  lots: bigint,
  value: bigint,
  leverage: number,
  mode: MarginMode,
): { position: Position; marginPosted: bigint } {
  if (lots <= 0n || value <= 0n) throw new RangeError('open: lots and value must be positive');
  if (existing !== null && (existing.side !== side || existing.mode !== mode || existing.contract !== contract)) {
    throw new RangeError('open: adds only to a position of the same contract, side and margin mode');
  }
  const marginPosted = mode === 'isolated' ? initialMarginFor(value, leverage) : 0n;
  const position: Position =
    existing === null
      ? { contract, side, lots, cost: value, leverage, mode, margin: marginPosted }
      : {
          ...existing,
          lots: existing.lots + lots,
          cost: existing.cost + value,
          margin: existing.margin + marginPosted,
        };
  return { position, marginPosted };
}

export interface IsolatedCloseMoney {
  /** The margin left with the remaining lots (0 when closed whole). */
  readonly keep: bigint;
  /** Released to the user's contract wallet, ≥ 0. */
  readonly toWallet: bigint;
  /** The fee actually charged: the fee asked, capped at what the pot holds after the PnL. */
  readonly fee: bigint;
  /** What the pot could not cover (a close beyond bankruptcy): the insurance fund pays it, ≥ 0. */
  readonly deficit: bigint;
}

/**
 * Where an isolated position's margin goes on an ordinary close of `lots` (manual, TP/SL, reduce-only).
 * Pot = margin + realized PnL − fee. The closed lots release their pro-rata share of the margin (rounded down), plus
 * their PnL, less the fee; a loss beyond that share comes out of the remaining lots' margin — never out of the
 * wallet: an isolated position's losses stay in its pot. If even the whole pot cannot cover it, the fee is
 * capped at what is there and the rest is a deficit for the insurance fund.
 */
export function isolatedCloseMoney(
  before: Position,
  lots: bigint,
  realizedPnl: bigint,
  fee: bigint,
): IsolatedCloseMoney {
  if (before.mode !== 'isolated') throw new RangeError('isolatedCloseMoney: not an isolated position');
  let pot = before.margin + realizedPnl;
  // A rebate (negative fee) is paid in full; a charge never exceeds what the pot still holds.
  const charged = fee < 0n ? fee : pot > 0n ? (fee < pot ? fee : pot) : 0n;
  pot -= charged;
  const deficit = pot < 0n ? -pot : 0n;
  if (pot < 0n) pot = 0n;
  const shareKept = lots === before.lots ? 0n : before.margin - (before.margin * lots) / before.lots;
  const keep = shareKept < pot ? shareKept : pot;
  return { keep, toWallet: pot - keep, fee: charged, deficit };
}

/**
 * A cross account's realized PnL, fees and funding applied to its wallet without ever making the wallet negative: a
 * loss beyond the wallet becomes `unpaidLoss` (the account owes it to the clearing account; equity counts it), and a
 * later gain pays it first. The ledger keeps a user balance ≥ 0 while the account's equity stays exact.
 */
export function applyCrossPnl(
  wallet: bigint,
  unpaidLoss: bigint,
  amount: bigint,
): { wallet: bigint; unpaidLoss: bigint; walletChange: bigint } {
  if (wallet < 0n || unpaidLoss < 0n) throw new RangeError('applyCrossPnl: negative wallet or unpaid loss');
  // Invariant kept: unpaidLoss > 0 only when the wallet is empty.
  const net = wallet - unpaidLoss + amount;
  const nextWallet = net > 0n ? net : 0n;
  return { wallet: nextWallet, unpaidLoss: net < 0n ? -net : 0n, walletChange: nextWallet - wallet };
}

/**
 * A fill on a position: a book fill (`price`, value = price × lots × lot value), or a transfer for a total `value`
 * that is not on the price grid (a takeover or ADL at a bankruptcy price, `bankruptcyValue`).
 */
export type PositionFill =
  | { readonly side: OrderSide; readonly lots: bigint; readonly price: bigint }
  | { readonly side: OrderSide; readonly lots: bigint; readonly value: bigint };

export interface FillOutcome {
  readonly position: Position | null;
  readonly closedLots: bigint;
  readonly closedValue: bigint;
  readonly realizedPnl: bigint;
  readonly openedLots: bigint;
  readonly openedValue: bigint;
  /** Isolated: IM of the opened part, moved from the wallet into the position's pot. */
  readonly marginPosted: bigint;
  /** Fees on the closing and opening parts at the given rate (charge rounded up, rebate down). */
  readonly closeFee: bigint;
  readonly openFee: bigint;
  /** Isolated closing part: the money split ({@link isolatedCloseMoney}); null for cross or no close. */
  readonly isolated: IsolatedCloseMoney | null;
}

/**
 * A book fill applied to an account's position in one-way mode: it first closes an opposite position, then opens
 * (or adds to) one with what is left — a flip opens the rest at the fill price. Fees are computed per part so an
 * isolated close pays its fee from its own pot. Cross money moves by `realizedPnl − closeFee − openFee`
 * ({@link applyCrossPnl}); isolated: `isolated.toWallet` back, `marginPosted + openFee` out of the wallet.
 */
export function applyFill(
  existing: Position | null,
  contract: Contract,
  fill: PositionFill,
  opts: { readonly leverage: number; readonly mode: MarginMode; readonly feePpm: number },
): FillOutcome {
  const total = 'value' in fill ? fill.value : lotsNotional(contract, fill.price, fill.lots);
  if (fill.lots <= 0n || total <= 0n) throw new RangeError('fill: lots and value must be positive');
  const side = sideOf(fill.side);
  let position = existing;
  let closedLots = 0n;
  let closedValue = 0n;
  let realizedPnl = 0n;
  let closeFee = 0n;
  let isolated: IsolatedCloseMoney | null = null;
  if (existing !== null && existing.side !== side) {
    closedLots = fill.lots < existing.lots ? fill.lots : existing.lots;
    // Exact for a book fill; a transfer's value splits with the rounding on the closing part.
    closedValue = (total * closedLots) / fill.lots;
    const close = closeLots(existing, closedLots, closedValue);
    realizedPnl = close.realizedPnl;
    closeFee = feeFor(closedValue, opts.feePpm);
    position = close.remaining;
    if (existing.mode === 'isolated') {
      isolated = isolatedCloseMoney(existing, closedLots, realizedPnl, closeFee);
      closeFee = isolated.fee;
      if (position !== null) position = { ...position, margin: isolated.keep };
    }
  }
  const openedLots = fill.lots - closedLots;
  let openedValue = 0n;
  let marginPosted = 0n;
  let openFee = 0n;
  if (openedLots > 0n) {
    openedValue = total - closedValue;
    const leverage = position?.leverage ?? opts.leverage;
    const opened = openLots(position, contract, side, openedLots, openedValue, leverage, position?.mode ?? opts.mode);
    position = opened.position;
    marginPosted = opened.marginPosted;
    openFee = feeFor(openedValue, opts.feePpm);
  }
  return {
    position,
    closedLots,
    closedValue,
    realizedPnl,
    openedLots,
    openedValue,
    marginPosted,
    closeFee,
    openFee,
    isolated,
  };
}
