import type { AccountState, OrderState, PositionState } from './state';
import {
  CLOSE_COLUMNS,
  type CandleRow,
  type CloseRow,
  FILL_COLUMNS,
  type FillRow,
  type PerpRepo,
  type TradeRow,
} from './repo';

const FILL_WIDTH = FILL_COLUMNS.trim().split(/\s+/).length;
const CLOSE_WIDTH = CLOSE_COLUMNS.trim().split(/\s+/).length;

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
  /** Orders already in the table whose status is unchanged: updated without it. */
  private readonly sameStatusOrders = new Map<number, unknown[]>();
  /** `owner:clientOrderId` of the orders saved here. */
  private readonly clientOrderIds = new Set<string>();
  private readonly positions = new Map<number, unknown[]>();
  /** Open positions already in the table: updated without their status. */
  private readonly openPositions = new Map<number, unknown[]>();
  private readonly accounts = new Map<number, unknown[]>();
  private trades: unknown[] = [];
  private fills: unknown[] = [];
  private closes: unknown[] = [];
  /** The candles changed (each minute one object, changed in place: the newest state is written). */
  private readonly candles = new Set<CandleRow>();
  private count = 0;
  /** The largest order id written: orders above it are new (for their lookup by owner). */
  private ordersUpTo = 0;

  constructor(
    private readonly repo: PerpRepo,
    private readonly now: () => number,
  ) {}

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
    // An order already written whose status has not changed is updated without it: the partial index of resting
    // orders is then left alone (an update that sets `status` rewrites its entry even when it stays resting).
    const keepStatus = o.writtenStatus === o.status && !this.orders.has(o.id);
    o.writtenStatus = o.status;
    if (keepStatus) this.sameStatusOrders.set(o.id, row);
    else {
      this.sameStatusOrders.delete(o.id);
      this.orders.set(o.id, row);
    }
    if (o.clientOrderId !== null) this.clientOrderIds.add(`${o.account.owner}:${o.clientOrderId}`);
    this.count++;
  }

  /** The owner of an order saved here but not written yet (undefined: not here). */
  orderOwner(id: number): number | undefined {
    const row = this.orders.get(id) ?? this.sameStatusOrders.get(id);
    return row === undefined ? undefined : (row[1] as number);
  }

  hasClientOrderId(owner: number, clientOrderId: string): boolean {
    return this.clientOrderIds.has(`${owner}:${clientOrderId}`);
  }

  /**
   * A position's row: an open position already written is updated without its status (the table is keyed by
   * `(status, id)`: an update that sets `status` moves the row and rewrites its index entries even when it stays
   * `open`).
   */
  position(ps: PositionState): void {
    const keepStatus = ps.stored && ps.status === 'open' && !this.positions.has(ps.id);
    ps.stored = true;
    if (!keepStatus) this.openPositions.delete(ps.id);
    (keepStatus ? this.openPositions : this.positions).set(ps.id, [
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

  /** The account's row, when its figures differ from what the row holds (a fill mostly leaves them as they were). */
  account(a: AccountState): void {
    const w = a.written;
    if (
      w &&
      w.unpaid === a.unpaid &&
      w.crossInLiquidation === a.crossInLiquidation &&
      w.crossCloses === a.crossCloses
    ) {
      return;
    }
    this.accounts.set(a.owner, [a.owner, a.unpaid, a.crossInLiquidation ? 1 : 0, a.crossCloses]);
    // As the row will be once this transaction commits (a rollback rebuilds every account from the tables).
    a.written = { unpaid: a.unpaid, crossInLiquidation: a.crossInLiquidation, crossCloses: a.crossCloses };
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
    this.candles.add(row);
    this.count++;
  }

  /** Writes everything waiting, inside the current transaction, and forgets it. */
  write(): void {
    if (this.count === 0) return;
    const { repo } = this;
    let newOrders = 0;
    if (this.orders.size > 0) {
      repo.upsertOrders(flat(this.orders));
      for (const id of this.orders.keys()) {
        if (id > this.ordersUpTo) {
          newOrders++;
          this.ordersUpTo = id;
        }
      }
    }
    if (this.sameStatusOrders.size > 0) repo.updateOrdersKeepingStatus(flat(this.sameStatusOrders));
    if (this.positions.size > 0) repo.upsertPositions(flat(this.positions));
    if (this.openPositions.size > 0) repo.updateOpenPositions(flat(this.openPositions));
    if (this.trades.length > 0) repo.insertTrades(this.trades);
    if (this.fills.length > 0) repo.insertFills(this.fills);
    if (this.closes.length > 0) repo.insertCloses(this.closes);
    for (const row of this.candles) repo.upsertCandle(row);
    if (this.accounts.size > 0) repo.upsertAccounts(flat(this.accounts));
    repo.wroteHistory(newOrders, this.fills.length / FILL_WIDTH, this.closes.length / CLOSE_WIDTH, this.now());
    this.clear();
  }

  /** Forgets everything waiting (the transaction rolled back). */
  clear(): void {
    this.orders.clear();
    this.sameStatusOrders.clear();
    this.clientOrderIds.clear();
    this.positions.clear();
    this.openPositions.clear();
    this.accounts.clear();
    this.trades = [];
    this.fills = [];
    this.closes = [];
    this.candles.clear();
    this.count = 0;
  }
}

/** The rows one after the other, in an array allocated once at its size (pushing grew it several times). */
function flat(rows: Map<number, unknown[]>): unknown[] {
  let size = 0;
  for (const row of rows.values()) size += row.length;
  const out = new Array<unknown>(size);
  let i = 0;
  for (const row of rows.values()) for (let j = 0; j < row.length; j++) out[i++] = row[j];
  return out;
}
