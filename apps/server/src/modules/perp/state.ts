import type { MarginMode, SwapCloseKind, SwapOrderKind, SwapOrderStatus } from '@bourse/contract';
import { LiquidationIndex, OrderBook, type Position } from '@bourse/engine';
import type { AccountRef } from '../ledger';
import { bookSpec, type ContractConfig } from './contract';
import type { CandleRow } from './repo';

/** Engine owner numbers of system owners start here (uids are far below). */
export const SYSTEM_OWNER_BASE = 2 ** 52;

/** The holder name of an order's hold in the ledger. */
export function holderOf(orderId: number): string {
  return `perp:order:${orderId}`;
}

/** The ledger sub-account of an isolated position's margin. */
export function isolatedSub(symbol: string): string {
  return `isolated:${symbol}`;
}

/** Rolling 24 h statistics from one-minute buckets (prices in price units, volumes in lots and amount units). */
export interface MinuteBucket {
  t: number;
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  lots: bigint;
  value: bigint;
}

/** One contract's live state beside its configuration. */
export class ContractRuntime {
  book: OrderBook;
  depthSeq = 0;
  snapshotDue = false;
  lastPrice: bigint | null = null;
  index: bigint | null = null;
  mark: bigint | null = null;
  markTs = 0;
  /** Basis samples (mid − index, price units), newest last; the moving basis is their mean. */
  readonly basis: bigint[] = [];
  lastFundingRate = 0n;
  readonly liq = new LiquidationIndex();
  /** Open positions by id. */
  readonly positions = new Map<number, PositionState>();
  /** Open positions with a take-profit or stop-loss. */
  readonly tpsl = new Set<PositionState>();
  /** Open lots long (= short, summed over everyone). */
  longLots = 0n;
  shortLots = 0n;
  readonly minutes: MinuteBucket[] = [];
  /** The newest 1-minute candle as written (undefined: not read yet). */
  lastMinute: CandleRow | undefined = undefined;
  /** The minutes the current transaction changed, to publish once it commits (null: none yet). */
  candlesToPublish: CandleRow[] | null = null;
  /** The minute whose candle `swap-kline` was last opened for (`openMinutes`). */
  openedMinute: number | undefined = undefined;
  /** Per longer candle period: its 1-minute candles before the current minute, merged (for `swap-kline`). */
  readonly klinePrefix = new Map<string, { start: number; minute: number; candle: CandleRow | null }>();

  constructor(public c: ContractConfig) {
    this.book = new OrderBook(bookSpec(c));
  }
}

export interface Setting {
  leverage: number;
  mode: MarginMode;
}

/** An owner's futures account: what the ledger cannot hold, its positions, resting orders and settings. */
export class AccountState {
  unpaid = 0n;
  crossInLiquidation = false;
  crossCloses = 0;
  /** The three figures above as the account's row holds them (null: no row yet), so an unchanged one is not rewritten. */
  written: { unpaid: bigint; crossInLiquidation: boolean; crossCloses: number } | null = null;
  /** Open positions by contract id (one-way mode: at most one per contract). */
  readonly positions = new Map<number, PositionState>();
  /** Resting orders by id (changed only through `rest` and `unrest`, which keep the two figures below). */
  readonly orders = new Map<number, OrderState>();
  /** The reduce-only ones among them, in the same order (a shrinking position trims them in that order). */
  readonly reduceOnly = new Set<OrderState>();
  /**
   * Per contract id and side, Σ price × open lots of the resting orders that are not reduce-only: what they may
   * still open, for the position-size cap, without a scan of every order at each new one.
   */
  private readonly openingByContract = new Map<number, { buy: bigint; sell: bigint }>();
  readonly settings = new Map<number, Setting>();

  constructor(
    /** The engine owner number: the uid, or 2^52 + the system owner's id. */
    readonly owner: number,
    readonly uid: number | null,
    readonly systemName: string | null,
    /** The contract wallet's main pot in the settlement asset. */
    readonly main: AccountRef,
  ) {}

  get label(): string {
    return this.uid === null ? (this.systemName ?? String(this.owner)) : String(this.uid);
  }

  /** An order starts resting. */
  rest(o: OrderState): void {
    this.orders.set(o.id, o);
    if (o.reduceOnly) this.reduceOnly.add(o);
    else this.addOpening(o, o.open);
  }

  /** A resting order left the book. */
  unrest(o: OrderState): void {
    if (!this.orders.delete(o.id)) return;
    if (o.reduceOnly) this.reduceOnly.delete(o);
    else this.addOpening(o, -o.open);
  }

  /** A resting order's open lots are about to change by `delta` (a fill: negative). */
  openChanges(o: OrderState, delta: bigint): void {
    if (!o.reduceOnly && this.orders.get(o.id) === o) this.addOpening(o, delta);
  }

  /** Σ price × open lots of the resting orders on one side of a contract that are not reduce-only. */
  openingOf(contractId: number, side: 'buy' | 'sell'): bigint {
    const sums = this.openingByContract.get(contractId);
    return sums === undefined ? 0n : sums[side];
  }

  private addOpening(o: OrderState, lots: bigint): void {
    // Resting orders are limit orders: they all have a price.
    const amount = (o.price ?? 0n) * lots;
    if (amount === 0n) return;
    let sums = this.openingByContract.get(o.rt.c.id);
    if (!sums) this.openingByContract.set(o.rt.c.id, (sums = { buy: 0n, sell: 0n }));
    sums[o.side] += amount;
  }

  crossPositions(): PositionState[] {
    const out: PositionState[] = [];
    for (const p of this.positions.values()) if (p.p.mode === 'cross') out.push(p);
    return out.sort((a, b) => (a.rt.c.symbol < b.rt.c.symbol ? -1 : a.rt.c.symbol > b.rt.c.symbol ? 1 : 0));
  }
}

export class PositionState {
  /** The position has its row in the table (or will once the current transaction commits). */
  stored = false;
  realized = 0n;
  fees = 0n;
  funding = 0n;
  closedLots = 0n;
  closedValue = 0n;
  openedLots = 0n;
  openedValue = 0n;
  tp: bigint | null = null;
  sl: bigint | null = null;
  /** Isolated pools: the liquidation flag and close steps (cross pools keep theirs on the account). */
  inLiquidation = false;
  liqCloses = 0;
  status: 'open' | 'closed' = 'open';
  closeKind: SwapCloseKind | null = null;
  closedAt: number | null = null;
  /** Not written yet (inserted at the end of the transaction). */
  isNew = true;
  /** The ADL indicator, refreshed with each mark. */
  adl = 0;

  constructor(
    readonly id: number,
    readonly account: AccountState,
    readonly rt: ContractRuntime,
    public p: Position,
    readonly openedAt: number,
    public updatedAt: number,
  ) {}
}

export class OrderState {
  /** The status in the order's row in the table (or once the current transaction commits); null: no row yet. */
  writtenStatus: string | null = null;
  filledLots = 0n;
  filledValue = 0n;
  frozen = 0n;
  holdPerLot = 0n;
  fee = 0n;
  realized = 0n;
  openedLots = 0n;
  closedLots = 0n;
  status: SwapOrderStatus = 'entrusted';
  reason: string | null = null;
  positionId: number | null = null;
  closeKind: SwapCloseKind | null = null;
  seq = 0;
  isNew = true;
  tp: bigint | null = null;
  sl: bigint | null = null;

  constructor(
    readonly id: number,
    readonly account: AccountState,
    readonly rt: ContractRuntime,
    readonly side: 'buy' | 'sell',
    readonly kind: SwapOrderKind,
    readonly type: 'limit' | 'market',
    readonly tif: 'GTC' | 'IOC' | 'FOK',
    readonly postOnly: boolean,
    readonly reduceOnly: boolean,
    readonly price: bigint | null,
    public lots: bigint,
    readonly leverage: number,
    readonly mode: MarginMode,
    readonly clientOrderId: string | null,
    readonly source: string | null,
    readonly stpKey: number,
    readonly createdAt: number,
    public updatedAt: number,
  ) {}

  get open(): bigint {
    return this.lots - this.filledLots;
  }

  get resting(): boolean {
    return this.status === 'entrusted' || this.status === 'partial';
  }
}
