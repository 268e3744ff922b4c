import { lotsNotional } from './contract';
import { bankruptcyValue } from './liquidation';
import { closeLots, initialMargin, positionNotional, sideSign, type PositionSide } from './position';
import type { MarginPool, MarkedPosition, PoolRisk } from './pool';
import type { Ratio } from './ratio';

/**
 * Auto-deleveraging: when the insurance fund cannot take a bankrupt position's rest, opposite positions are closed
 * against it at its bankruptcy price, highest rank first. The queue is the profitable positions, ranked by PnL% ×
 * effective leverage (the rulebook's rule). Only if they cannot absorb the whole rest do the others follow, ranked
 * by PnL% / effective leverage as Binance does (smallest loss first) — the last resort that lets every bankrupt
 * lot find a counterparty. A user with no open position never shares a loss.
 */

/**
 * An ADL score kept exact as num / den with den ≥ 0; den = 0 is ±∞ by the sign of num. Profitable positions score
 * > 0, the others ≤ 0, so one ordering puts every profitable position first.
 */
export interface AdlScore {
  readonly num: bigint;
  readonly den: bigint;
}

/**
 * The ADL score of position `index` of its pool:
 * - in profit: PnL% × effective leverage, PnL% = uPnL / margin (isolated: its margin; cross: its IM) and effective
 *   leverage = notional at the mark / pool equity (+∞ when margin or equity ≤ 0);
 * - otherwise: PnL% / effective leverage (≤ 0; −∞ when margin or equity ≤ 0).
 */
export function adlScore(pool: MarginPool, index: number, risk: PoolRisk): AdlScore {
  const { position, mark } = pool.positions[index] as MarkedPosition;
  const upnl = risk.upnl[index] as bigint;
  const margin = position.mode === 'isolated' ? position.margin : initialMargin(position);
  if (margin <= 0n || risk.equity <= 0n) return { num: upnl > 0n ? 1n : -1n, den: 0n };
  const value = positionNotional(position, mark);
  return upnl > 0n
    ? { num: upnl * value, den: margin * risk.equity }
    : { num: upnl * risk.equity, den: margin * value };
}

/** In profit: in the rulebook's ADL queue, and lit on the indicator. */
export function isProfitable(score: AdlScore): boolean {
  return score.num > 0n;
}

export function compareAdlScore(a: AdlScore, b: AdlScore): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

export interface AdlEntry {
  /** The position's id, unique among the entries (ties rank the lower id first). */
  readonly id: number;
  readonly score: AdlScore;
  /** The most lots it can take: its {@link adlCapacity}. */
  readonly lots: bigint;
}

/**
 * How many lots of position `index` ADL may close against a bankrupt position of the other side at the bankrupt's
 * price `bp` without making this pool bankrupt in turn: its equity at the marks stays ≥ 0 and, if isolated, its
 * pot stays ≥ 0 after the realized PnL. A profitable position whose entry is better than `bp` can take all its
 * lots; one that would realize a loss takes only what its margin carries.
 */
export function adlCapacity(
  pool: MarginPool,
  index: number,
  risk: PoolRisk,
  bankruptSide: PositionSide,
  bp: Ratio,
): bigint {
  const { position: p, mark } = pool.positions[index] as MarkedPosition;
  if (p.side === bankruptSide) return 0n;
  const c = p.contract;
  const fits = (k: bigint): boolean => {
    if (k === 0n) return true;
    const value = bankruptcyValue(c, bankruptSide, bp, k);
    if (risk.equity + sideSign(p.side) * (value - lotsNotional(c, mark, k)) < 0n) return false;
    return p.mode !== 'isolated' || p.margin + closeLots(p, k, value).realizedPnl >= 0n;
  };
  let lo = 0n;
  let hi = p.lots;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}

/** The ADL order of one contract side: highest score first (every profitable position first), ties by id. */
export function rankAdl(entries: readonly AdlEntry[]): AdlEntry[] {
  return [...entries].sort((a, b) => compareAdlScore(b.score, a.score) || a.id - b.id);
}

/**
 * The indicator a trader sees, 1–5 lights by quintile of the queue of profitable positions: the top 20% show 5,
 * the bottom 20% show 1. A position not in profit shows 0.
 */
export function adlLights(rank: number, queueLength: number): number {
  if (!Number.isInteger(rank) || rank < 0 || rank >= queueLength) throw new RangeError('adlLights: rank out of range');
  return 5 - Math.floor((5 * rank) / queueLength);
}

/** Lights for every entry of a ranked side: its profitable entries by quintile, the others 0. */
export function adlIndicators(ranked: readonly AdlEntry[]): Map<number, number> {
  const profitable = ranked.filter((e) => isProfitable(e.score)).length;
  const lights = new Map<number, number>();
  ranked.forEach((e, i) => lights.set(e.id, i < profitable ? adlLights(i, profitable) : 0));
  return lights;
}

/**
 * Which positions close, and by how many lots, to take `lots` of a bankrupt position: down the ranked side, each
 * closing up to its capacity. `short` > 0 when the whole opposite side cannot absorb the rest without going
 * bankrupt itself: the system is insolvent there, and the insurance fund must take the rest anyway, its balance
 * going below zero — the exchange's own capital is the last backstop.
 */
export function allocateAdl(
  ranked: readonly AdlEntry[],
  lots: bigint,
): { fills: { id: number; lots: bigint }[]; short: bigint } {
  const fills: { id: number; lots: bigint }[] = [];
  let left = lots;
  for (const e of ranked) {
    if (left === 0n) break;
    const take = e.lots < left ? e.lots : left;
    if (take > 0n) fills.push({ id: e.id, lots: take });
    left -= take;
  }
  return { fills, short: left };
}
