import { RATE_ONE } from '@bourse/money';
import { maintenanceForNotional, type Contract } from './contract';
import { maintenanceMargin, unrealizedPnl, type Position } from './position';
import { floorDiv, ratio, type Ratio } from './ratio';

/**
 * A margin pool: the positions that share one equity. An isolated position is a pool of its own, backed by its
 * margin; a cross account is one pool of all its cross positions, backed by its wallet. Isolated positions are
 * never in a cross pool, so a cross loss can never reach them (and theirs never reach the wallet).
 */
export interface MarginPool {
  /** Isolated: the position's margin. Cross: wallet − unpaid loss. */
  readonly collateral: bigint;
  readonly positions: readonly MarkedPosition[];
}

export interface MarkedPosition {
  readonly position: Position;
  readonly mark: bigint;
}

export interface CrossAccount {
  /** The contract wallet's ledger balance, ≥ 0. */
  readonly wallet: bigint;
  /** Realized losses the wallet could not pay yet (see `applyCrossPnl`), ≥ 0. */
  readonly unpaidLoss: bigint;
  /** Its cross positions (isolated ones are pools of their own). */
  readonly positions: readonly Position[];
}

/** Mark price per contract symbol. */
export type Marks = ReadonlyMap<string, bigint>;

export function isolatedPool(position: Position, mark: bigint): MarginPool {
  if (position.mode !== 'isolated') throw new RangeError('isolatedPool: not an isolated position');
  return { collateral: position.margin, positions: [{ position, mark }] };
}

export function crossPool(account: CrossAccount, marks: Marks): MarginPool {
  return {
    collateral: account.wallet - account.unpaidLoss,
    positions: account.positions.map((position) => {
      if (position.mode !== 'cross') throw new RangeError('crossPool: an isolated position is its own pool');
      const mark = marks.get(position.contract.symbol);
      if (mark === undefined) throw new RangeError(`no mark for ${position.contract.symbol}`);
      return { position, mark };
    }),
  };
}

/** A pool's figures at its marks, each computed once. */
export interface PoolRisk {
  /** collateral + Σ uPnL. */
  readonly equity: bigint;
  /** Σ MM. */
  readonly maintenance: bigint;
  /** Σ MM × (1 + buffer of its contract), times RATE_ONE (kept exact): the bar to leave liquidation. */
  readonly recoveryScaled: bigint;
  readonly upnl: readonly bigint[];
  readonly mm: readonly bigint[];
}

export function poolRisk(pool: MarginPool): PoolRisk {
  let equity = pool.collateral;
  let maintenance = 0n;
  let recoveryScaled = 0n;
  const upnl: bigint[] = [];
  const mm: bigint[] = [];
  for (const { position, mark } of pool.positions) {
    const u = unrealizedPnl(position, mark);
    const m = maintenanceMargin(position, mark);
    upnl.push(u);
    mm.push(m);
    equity += u;
    maintenance += m;
    recoveryScaled += m * (RATE_ONE + position.contract.liquidationBuffer);
  }
  return { equity, maintenance, recoveryScaled, upnl, mm };
}

/** Liquidation is due when a pool with positions has equity ≤ MM ("the mark reaches the liquidation price"). */
export function isLiquidatable(risk: PoolRisk, positions: number): boolean {
  return positions > 0 && risk.equity <= risk.maintenance;
}

/** Equity ≥ MM × (1 + buffer): the bar an account in liquidation must clear to leave it (hysteresis). */
export function hasRecovered(risk: PoolRisk): boolean {
  return risk.equity * RATE_ONE >= risk.recoveryScaled;
}

// ---- liquidation and bankruptcy prices ---------------------------------------------------------------------------

/**
 * The price boundary of one position whose pool's other terms are held fixed in `base`:
 *   f(P) = base + side × (P × Q − cost) − MM(P),  Q = lots × lot value (amount per price unit),
 * with MM computed exactly as `maintenanceMargin` does (integer, rounded up) — or 0 for bankruptcy. A long is
 * liquidated at every mark P with f(P) ≤ 0, which (f being non-decreasing in P) is every P up to the boundary; the
 * boundary returned is the **largest** such price, or null when no positive price is one ("--"). A short: the
 * **smallest** such price (f decreases).
 *
 * f is piecewise: MM(P) = ceil((P·Q·m − c) / 10^12) on each segment of prices whose notional falls in one tier
 * (basis `mark`), or a constant (basis `entry`, or 0). On a segment the integer inequality solves exactly:
 *   long:  f(P) ≤ 0 ⇔ P·Q·(10^12 − m) < (cost + 1 − base)·10^12 − c
 *   short: f(P) ≤ 0 ⇔ P·Q·(10^12 + m) > (base + cost − 1)·10^12 + c
 * and the boundary is the best segment answer that lies inside its own segment — so a liquidation price is always
 * computed with the MM of the tier at that price, never the entry's.
 */
export function boundaryPrice(
  contract: Contract,
  side: 'long' | 'short',
  lots: bigint,
  cost: bigint,
  base: bigint,
  withMaintenance: boolean,
): bigint | null {
  const q = lots * contract.lotValue;
  const segments = priceSegments(contract, q, cost, withMaintenance);
  if (side === 'long') {
    let best: bigint | null = null;
    for (const s of segments) {
      const a = q * (RATE_ONE - s.m);
      const b = (cost + 1n - base) * RATE_ONE - s.c;
      let p = floorDiv(b - 1n, a);
      if (s.hi !== null && p > s.hi) p = s.hi;
      if (p >= s.lo && (best === null || p > best)) best = p;
    }
    return best === null || best < 1n ? null : best;
  }
  let best: bigint | null = null;
  for (const s of segments) {
    const a = q * (RATE_ONE + s.m);
    const b = (base + cost - 1n) * RATE_ONE + s.c;
    let p = floorDiv(b, a) + 1n;
    if (p < s.lo) p = s.lo;
    if ((s.hi === null || p <= s.hi) && (best === null || p < best)) best = p;
  }
  return best;
}

interface Segment {
  /** Price range [lo, hi] (hi null: unbounded). */
  lo: bigint;
  hi: bigint | null;
  /** MM = ceil((P·Q·m − c) / 10^12) on the range. */
  m: bigint;
  c: bigint;
}

function priceSegments(contract: Contract, q: bigint, cost: bigint, withMaintenance: boolean): Segment[] {
  if (!withMaintenance) return [{ lo: 1n, hi: null, m: 0n, c: 0n }];
  if (contract.maintenanceBasis === 'entry') {
    return [{ lo: 1n, hi: null, m: 0n, c: -maintenanceForNotional(contract, cost) * RATE_ONE }];
  }
  const segments: Segment[] = [];
  const last = contract.tiers.length - 1;
  contract.tiers.forEach((t, i) => {
    // P·Q ∈ [floor, below) ⇔ P ∈ [ceil(floor / Q), floor((below − 1) / Q)]
    const lo = t.floor === 0n ? 1n : -floorDiv(-t.floor, q);
    const hi = i === last ? null : floorDiv(t.below - 1n, q);
    if (hi === null || lo <= hi) segments.push({ lo: lo < 1n ? 1n : lo, hi, m: t.mmr, c: t.cumScaled });
  });
  return segments;
}

function othersTerm(pool: MarginPool, risk: PoolRisk, index: number, withMaintenance: boolean): bigint {
  let base = pool.collateral;
  for (let i = 0; i < pool.positions.length; i++) {
    if (i === index) continue;
    base += (risk.upnl[i] as bigint) - (withMaintenance ? (risk.mm[i] as bigint) : 0n);
  }
  return base;
}

function positionAt(pool: MarginPool, index: number): MarkedPosition {
  const entry = pool.positions[index];
  if (entry === undefined) throw new RangeError(`no position ${index} in the pool`);
  return entry;
}

/**
 * The liquidation price of position `index` of a pool, every other position held at its mark (isolated: the
 * pool is the position). Long: the highest mark at which it is liquidated (null: none above zero, shown "--");
 * short: the lowest. Exact on the price grid: at this mark equity ≤ MM, one price unit to the safe side equity > MM.
 */
export function liquidationPrice(pool: MarginPool, index: number, risk: PoolRisk = poolRisk(pool)): bigint | null {
  const { position: p } = positionAt(pool, index);
  return boundaryPrice(p.contract, p.side, p.lots, p.cost, othersTerm(pool, risk, index, true), true);
}

/**
 * The bankruptcy price of position `index`, every other position held at its mark: where the pool's equity is
 * exactly zero. Exact (a ratio in price units): long (cost − base) / Q, short (cost + base) / Q, with base = the
 * collateral plus the others' uPnL. Isolated long: entry − margin / qty. Null when not positive ("--").
 */
export function bankruptcyPrice(pool: MarginPool, index: number, risk: PoolRisk = poolRisk(pool)): Ratio | null {
  const { position: p } = positionAt(pool, index);
  const base = othersTerm(pool, risk, index, false);
  const num = p.side === 'long' ? p.cost - base : p.cost + base;
  return num <= 0n ? null : ratio(num, p.lots * p.contract.lotValue);
}
