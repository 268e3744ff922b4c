import type { AccountState, OrderState, PositionState } from './state';
import type { CandleRow, CloseRow, FillRow, PerpRepo, TradeRow } from './repo';

/** Where `status`, `position_id` and `updated_at` sit in an order's row (ORDER_COLUMNS). */
const ORDER_STATUS = 24;
const ORDER_POSITION = 26;
const ORDER_UPDATED = 32;

/**
 * The rows a transaction changed in the perpetuals' own tables, kept here and written set-wise just before it commits
 * (as the spot desk and the ledger do): each order, position and account once, in the state it was last saved in,
 * however often a batch touched it; the trades, fills and closes in multi-row inserts. A statement per row and per
 * change cost more than the rest of an order.
 *
 * While rows wait here the tables do not show them: the service asks this buffer first where a command reads what an
 * earlier command of the same batch may have written (an order by id, a client order id).
 */
export class PendingRows {
  /** Each order's row as last saved, by id (ORDER_COLUMNS). */
  private readonly orders = new Map<number, unknown[]>();
  /** Orders saved with the status `trading`, by position: closing the position closes them (`closePositionOrders`). */
  private readonly tradingByPosition = new Map<number, number[]>();
  /** `owner:clientOrderId` of the orders saved here. */
  private readonly clientOrderIds = new Set<string>();
  private readonly positions = new Map<number, unknown[]>();
  private readonly accounts = new Map<number, unknown[]>();
  private trades: unknown[] = [];
  private fills: unknown[] = [];
  private closes: unknown[] = [];
  /** The newest state of each candle written, by `contract|period|t`. */
  private readonly candles = new Map<string, CandleRow>();
  /** Positions closed whole, with the time: their `trading` orders already in the table become `closed`. */
  private closedPositions: [number, number][] = [];
  private count = 0;

  constructor(private readonly repo: PerpRepo) {}

  get empty(): boolean {
    return this.count === 0;
  }

  order(o: OrderState): void {
    const row = [
      o.id,
      o.account.owner,
      o.rt.c.id,
      o.clientOrderId,
      o.side,
      o.kind,
      o.type,
      o.tif,
      o.postOnly ? 1 : 0,
      o.reduceOnly ? 1 : 0,
      o.price,
      o.lots,
      o.filledLots,
      o.filledValue,
      o.frozen,
      o.holdPerLot,
      o.fee,
      o.realized,
      o.openedLots,
      o.closedLots,
      o.leverage,
      o.mode,
      o.tp,
      o.sl,
      o.status,
      o.reason,
      o.positionId,
      o.closeKind,
      o.source,
      o.stpKey,
      o.seq,
      o.createdAt,
      o.updatedAt,
    ];
    this.orders.set(o.id, row);
    if (o.clientOrderId !== null) this.clientOrderIds.add(`${o.account.owner}:${o.clientOrderId}`);
    if (o.status === 'trading' && o.positionId !== null) {
      const list = this.tradingByPosition.get(o.positionId);
      if (list) list.push(o.id);
      else this.tradingByPosition.set(o.positionId, [o.id]);
    }
    this.count++;
  }

  /** The owner of an order saved here but not written yet (undefined: not here). */
  orderOwner(id: number): number | undefined {
    const row = this.orders.get(id);
    return row === undefined ? undefined : (row[1] as number);
  }

  hasClientOrderId(owner: number, clientOrderId: string): boolean {
    return this.clientOrderIds.has(`${owner}:${clientOrderId}`);
  }

  /** A position closed whole at `at`: its orders in the state `trading` become `closed` (here and in the table). */
  closePositionOrders(positionId: number, at: number): void {
    for (const id of this.tradingByPosition.get(positionId) ?? []) {
      const row = this.orders.get(id);
      if (row && row[ORDER_STATUS] === 'trading' && row[ORDER_POSITION] === positionId) {
        row[ORDER_STATUS] = 'closed';
        row[ORDER_UPDATED] = at;
      }
    }
    this.tradingByPosition.delete(positionId);
    this.closedPositions.push([positionId, at]);
    this.count++;
  }

  position(ps: PositionState): void {
    this.positions.set(ps.id, [
      ps.id,
      ps.account.owner,
      ps.rt.c.id,
      ps.p.side,
      ps.p.mode,
      ps.p.leverage,
      ps.p.lots,
      ps.p.cost,
      ps.p.margin,
      ps.realized,
      ps.fees,
      ps.funding,
      ps.closedLots,
      ps.closedValue,
      ps.openedLots,
      ps.openedValue,
      ps.tp,
      ps.sl,
      ps.inLiquidation ? 1 : 0,
      ps.liqCloses,
      ps.status,
      ps.closeKind,
      ps.openedAt,
      ps.updatedAt,
      ps.closedAt,
    ]);
    this.count++;
  }

  account(a: AccountState): void {
    this.accounts.set(a.owner, [a.owner, a.unpaid, a.crossInLiquidation ? 1 : 0, a.crossCloses]);
    this.count++;
  }

  trade(t: TradeRow): void {
    this.trades.push(
      t.id,
      t.contract_id,
      t.kind,
      t.price,
      t.lots,
      t.value,
      t.taker_side,
      t.maker_order_id,
      t.taker_order_id,
      t.maker_owner,
      t.taker_owner,
      t.ts,
    );
    this.count++;
  }

  fill(f: FillRow): void {
    this.fills.push(
      f.id,
      f.trade_id,
      f.owner,
      f.contract_id,
      f.order_id,
      f.position_id,
      f.side,
      f.price,
      f.lots,
      f.value,
      f.fee,
      f.realized_pnl,
      f.role,
      f.kind,
      f.ts,
    );
    this.count++;
  }

  close(r: CloseRow): void {
    this.closes.push(
      r.id,
      r.owner,
      r.position_id,
      r.order_id,
      r.contract_id,
      r.side,
      r.lots,
      r.entry_value,
      r.exit_value,
      r.realized_pnl,
      r.fee,
      r.kind,
      r.final,
      r.ts,
    );
    this.count++;
  }

  candle(row: CandleRow): void {
    this.candles.set(`${row.contract_id}|${row.period}|${row.t}`, row);
    this.count++;
  }

  /** Writes everything waiting, inside the current transaction, and forgets it. */
  write(): void {
    if (this.count === 0) return;
    const { repo } = this;
    if (this.orders.size > 0) repo.upsertOrders(flat(this.orders));
    // After the orders: the table's `trading` rows of a position closed in this transaction (the ones saved here
    // were closed above when it closed).
    for (const [positionId, at] of this.closedPositions) repo.closePositionOrders(positionId, at);
    if (this.positions.size > 0) repo.upsertPositions(flat(this.positions));
    if (this.trades.length > 0) repo.insertTrades(this.trades);
    if (this.fills.length > 0) repo.insertFills(this.fills);
    if (this.closes.length > 0) repo.insertCloses(this.closes);
    for (const row of this.candles.values()) repo.upsertCandle(row);
    if (this.accounts.size > 0) repo.upsertAccounts(flat(this.accounts));
    this.clear();
  }

  /** Forgets everything waiting (the transaction rolled back). */
  clear(): void {
    this.orders.clear();
    this.tradingByPosition.clear();
    this.clientOrderIds.clear();
    this.positions.clear();
    this.accounts.clear();
    this.trades = [];
    this.fills = [];
    this.closes = [];
    this.candles.clear();
    this.closedPositions = [];
    this.count = 0;
  }
}

function flat(rows: Map<number, unknown[]>): unknown[] {
  const out: unknown[] = [];
  for (const row of rows.values()) for (const v of row) out.push(v);
  return out;
}
