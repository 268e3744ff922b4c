import type { Statement } from 'better-sqlite3';
import { type Db, firstIdSince } from '../../db/database';
import { DeferredIndex } from '../../db/deferred-index';
import type { MarketRow } from './market';
import { SYSTEM_OWNER_BASE, type OrderState, type TradeRecord } from './types';

/** An order row as stored; integer columns come back as bigint (safeIntegers). */
export interface OrderRow {
  id: bigint;
  market_id: bigint;
  owner: bigint;
  uid: bigint | null;
  client_order_id: string | null;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  time_in_force: 'GTC' | 'IOC' | 'FOK';
  post_only: bigint;
  stp: string;
  price: bigint | null;
  quantity: bigint | null;
  quote_quantity: bigint | null;
  filled_qty: bigint;
  filled_quote: bigint;
  quote_exact: bigint;
  fee: bigint;
  frozen: bigint;
  status: 'open' | 'partial' | 'filled' | 'cancelled' | 'expired';
  reason: string | null;
  seq: bigint;
  created_at: bigint;
  updated_at: bigint;
}

export interface TradeRow {
  id: bigint;
  market_id: bigint;
  price: bigint;
  qty: bigint;
  buyer_quote: bigint;
  seller_quote: bigint;
  buyer_fee: bigint;
  seller_fee: bigint;
  taker_side: 'buy' | 'sell';
  maker_order_id: bigint;
  taker_order_id: bigint;
  maker_owner: bigint;
  taker_owner: bigint;
  ts: bigint;
}

export interface OrderFilter {
  owner: number;
  marketId?: number;
  side?: 'buy' | 'sell';
  status?: 'filled' | 'cancelled' | 'expired';
  from: number;
  to: number;
}

/** Rows per multi-row INSERT: one prepared statement per size up to this, larger batches in chunks of it. */
const CHUNK = 64;

const ORDER_COLUMNS = `id, market_id, owner, uid, client_order_id, side, type, time_in_force, post_only, stp, price,
  quantity, quote_quantity, filled_qty, filled_quote, quote_exact, fee, frozen, status, reason, seq, created_at,
  updated_at`;

/** Every SQL statement of the spot module, prepared once. */
export function createSpotRepo(db: Db) {
  const q = {
    markets: db.prepare<[], MarketRow>('SELECT * FROM spot_markets ORDER BY sort, id'),
    // Per market from a trade on: trades, quote volume, and the fees users paid (buyers' in base, sellers' in quote;
    // system traders' fees are the exchange paying itself).
    activity: db
      .prepare<
        { from: number; system: number },
        { base: string; quote: string; n: number; volume: bigint; base_fees: bigint; quote_fees: bigint }
      >(
        `SELECT m.base, m.quote, COUNT(*) AS n, SUM(t.buyer_quote) AS volume,
           SUM(CASE WHEN (CASE t.taker_side WHEN 'buy' THEN t.taker_owner ELSE t.maker_owner END) < @system
             THEN t.buyer_fee ELSE 0 END) AS base_fees,
           SUM(CASE WHEN (CASE t.taker_side WHEN 'sell' THEN t.taker_owner ELSE t.maker_owner END) < @system
             THEN t.seller_fee ELSE 0 END) AS quote_fees
         FROM spot_trades t JOIN spot_markets m ON m.id = t.market_id
         WHERE t.id >= @from GROUP BY t.market_id`,
      )
      .safeIntegers(true),
    insertMarket: db.prepare(
      `INSERT INTO spot_markets (symbol, base, quote, category, price_precision, qty_precision, tick, step,
         min_notional, maker_fee_ppm, taker_fee_ppm, price_band_low_ppm, price_band_high_ppm, status, hot, sort,
         created_at, updated_at)
       VALUES (@symbol, @base, @quote, @category, @price_precision, @qty_precision, @tick, @step, @min_notional,
         @maker_fee_ppm, @taker_fee_ppm, @price_band_low_ppm, @price_band_high_ppm, @status, @hot, @sort, @created_at,
         @updated_at)`,
    ),
    updateMarket: db.prepare(
      `UPDATE spot_markets SET category = @category, tick = @tick, step = @step, min_notional = @min_notional,
         maker_fee_ppm = @maker_fee_ppm, taker_fee_ppm = @taker_fee_ppm, price_band_low_ppm = @price_band_low_ppm,
         price_band_high_ppm = @price_band_high_ppm, status = @status, hot = @hot, sort = @sort, updated_at = @updated_at
       WHERE id = @id`,
    ),
    misfitOrders: db.prepare<[number, number, number], { n: number }>(
      `SELECT COUNT(*) AS n FROM spot_orders WHERE status IN ('open', 'partial') AND market_id = ?
         AND (price % ? <> 0 OR (quantity - filled_qty) % ? <> 0)`,
    ),
    systemOwners: db.prepare<[], { id: number; name: string }>('SELECT id, name FROM spot_system_owners'),
    insertSystemOwner: db.prepare<[string, number]>('INSERT INTO spot_system_owners (name, created_at) VALUES (?, ?)'),
    maxOrderId: db.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM spot_orders'),
    maxTradeId: db.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM spot_trades'),
    lastTradePrice: db.prepare<[number], { price: number }>(
      'SELECT price FROM spot_trades WHERE market_id = ? ORDER BY id DESC LIMIT 1',
    ),
    updateOrder: db.prepare(
      `UPDATE spot_orders SET filled_qty = ?, filled_quote = ?, quote_exact = ?, fee = ?, frozen = ?, status = ?,
         reason = ?, updated_at = ? WHERE id = ?`,
    ),
    openOrders: db
      .prepare<[], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE status IN ('open', 'partial')`)
      .safeIntegers(true),
    openOrdersOfMarket: db
      .prepare<[number], OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE status IN ('open', 'partial') AND market_id = ?`,
      )
      .safeIntegers(true),
    orderById: db
      .prepare<[number], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = ?`)
      .safeIntegers(true),
    clientOrderIdUsed: db.prepare<[number, string], { one: number }>(
      'SELECT 1 AS one FROM spot_orders WHERE owner = ? AND client_order_id = ?',
    ),
    tradesOfOrder: db
      .prepare<[number, number], TradeRow>(
        `SELECT * FROM spot_trades WHERE maker_order_id = ? UNION ALL
         SELECT * FROM spot_trades WHERE taker_order_id = ? ORDER BY id`,
      )
      .safeIntegers(true),
    recentTrades: db
      .prepare<[number, number], TradeRow>('SELECT * FROM spot_trades WHERE market_id = ? ORDER BY id DESC LIMIT ?')
      .safeIntegers(true),
    tradesSince: db
      .prepare<[number, number, number], TradeRow>(
        'SELECT * FROM spot_trades WHERE market_id = ? AND id > ? ORDER BY id LIMIT ?',
      )
      .safeIntegers(true),
    tradeAtOrAfter: db.prepare<[number], { id: number; ts: number }>(
      'SELECT id, ts FROM spot_trades WHERE id >= ? ORDER BY id LIMIT 1',
    ),
    tradeStatsRows: db
      .prepare<[number, number], { price: bigint; qty: bigint; seller_quote: bigint; ts: bigint }>(
        'SELECT price, qty, seller_quote, ts FROM spot_trades WHERE market_id = ? AND id >= ? ORDER BY id',
      )
      .safeIntegers(true),
    favorites: db.prepare<[number, string], { symbol: string }>(
      'SELECT symbol FROM spot_favorites WHERE uid = ? AND type = ? ORDER BY created_at, symbol',
    ),
    addFavorite: db.prepare<[number, string, string, number]>(
      'INSERT OR IGNORE INTO spot_favorites (uid, type, symbol, created_at) VALUES (?, ?, ?, ?)',
    ),
    removeFavorite: db.prepare<[number, string, string]>(
      'DELETE FROM spot_favorites WHERE uid = ? AND type = ? AND symbol = ?',
    ),
  };

  /** `INSERT INTO table (columns) VALUES (?, …), …` for `rows` rows, prepared once per size. */
  function multiInsert(table: string, columns: string, width: number): (values: unknown[]) => void {
    const bySize = new Map<number, Statement<unknown[]>>();
    const tuple = `(${Array.from({ length: width }, () => '?').join(', ')})`;
    return (values) => {
      const rows = values.length / width;
      let statement = bySize.get(rows);
      if (!statement) {
        statement = db.prepare(
          `INSERT INTO ${table} (${columns}) VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}`,
        );
        bySize.set(rows, statement);
      }
      statement.run(...values);
    };
  }
  const ORDER_WIDTH = 23;
  const TRADE_WIDTH = 14;
  const insertOrderRows = multiInsert('spot_orders', ORDER_COLUMNS, ORDER_WIDTH);
  const insertTradeRows = multiInsert(
    'spot_trades',
    `id, market_id, price, qty, buyer_quote, seller_quote, buyer_fee, seller_fee, taker_side, maker_order_id,
     taker_order_id, maker_owner, taker_owner, ts`,
    TRADE_WIDTH,
  );

  /**
   * Finished orders, filtered and paged, newest first: an owner's orders through `spot_order_owners` and the tail
   * of spot_orders above it (`DeferredIndex.page`); the few filter combinations each get their prepared statements.
   */
  function orderHistory(f: OrderFilter, limit: number, offset: number): { rows: OrderRow[]; total: number } {
    const where: string[] = [];
    const args: (number | string)[] = [];
    where.push(f.status ? 'o.status = ?' : "o.status IN ('filled', 'cancelled', 'expired')");
    if (f.status) args.push(f.status);
    where.push('o.created_at >= ?', 'o.created_at <= ?');
    args.push(f.from, f.to);
    if (f.marketId !== undefined) {
      where.push('o.market_id = ?');
      args.push(f.marketId);
    }
    if (f.side) {
      where.push('o.side = ?');
      args.push(f.side);
    }
    const columns = ORDER_COLUMNS.split(',')
      .map((c) => `o.${c.trim()}`)
      .join(', ');
    return orderOwners.page<OrderRow>({ key: f.owner, where: where.join(' AND '), args, columns }, limit, offset);
  }

  /**
   * Orders by owner (order history): new orders' rows are added in bulk, sorted, once a few thousand have gathered or
   * a second has passed (see `DeferredIndex`); history reads find the newer ones in the tail of spot_orders.
   */
  const orderOwners = new DeferredIndex(db, { table: 'spot_order_owners', source: 'spot_orders', key: 'owner' });

  return {
    orderOwners,
    markets: () => q.markets.all(),
    /** Trades since an instant, per market (see `q.activity`). */
    activitySince: (since: number) => {
      const from = firstIdSince(db, 'spot_trades', 'ts', since);
      return from === null ? [] : q.activity.all({ from, system: SYSTEM_OWNER_BASE });
    },
    insertMarket: (row: Omit<MarketRow, 'id'>) => Number(q.insertMarket.run(row).lastInsertRowid),
    updateMarket: (row: MarketRow) => q.updateMarket.run(row),
    /** Open orders of a market whose price or remaining quantity would not fit a new tick or step. */
    misfitOrders: (marketId: number, tick: number, step: number) => q.misfitOrders.get(marketId, tick, step)?.n ?? 0,
    systemOwners: () => q.systemOwners.all(),
    insertSystemOwner: (name: string, now: number) => Number(q.insertSystemOwner.run(name, now).lastInsertRowid),
    maxOrderId: () => q.maxOrderId.get()?.id ?? 0,
    maxTradeId: () => q.maxTradeId.get()?.id ?? 0,
    /** The price of a market's last trade (price units), undefined before its first. */
    lastTradePrice: (marketId: number): number | undefined => q.lastTradePrice.get(marketId)?.price,
    /** New orders in their current state, in multi-row statements. */
    insertOrders(orders: Iterable<OrderState>): void {
      let values: unknown[] = [];
      for (const o of orders) {
        values.push(
          o.id,
          o.market.id,
          o.trader.owner,
          o.trader.uid,
          o.clientOrderId,
          o.side,
          o.type,
          o.timeInForce,
          o.postOnly ? 1 : 0,
          o.stp,
          o.price,
          o.quantity,
          o.quoteQuantity,
          o.filledQty,
          o.filledQuote,
          o.quoteExact,
          o.fee,
          o.frozen,
          o.status,
          o.reason,
          o.seq,
          o.createdAt,
          o.updatedAt,
        );
        if (values.length === CHUNK * ORDER_WIDTH) {
          insertOrderRows(values);
          values = [];
        }
      }
      if (values.length > 0) insertOrderRows(values);
    },
    updateOrder(o: {
      id: number;
      filledQty: number;
      filledQuote: bigint;
      quoteExact: bigint;
      fee: bigint;
      frozen: bigint;
      status: string;
      reason: string | null;
      updatedAt: number;
    }): void {
      q.updateOrder.run(
        o.filledQty,
        o.filledQuote,
        o.quoteExact,
        o.fee,
        o.frozen,
        o.status,
        o.reason,
        o.updatedAt,
        o.id,
      );
    },
    openOrders: () => q.openOrders.all(),
    openOrdersOfMarket: (marketId: number) => q.openOrdersOfMarket.all(marketId),
    orderById: (id: number) => q.orderById.get(id),
    clientOrderIdUsed: (owner: number, clientOrderId: string) =>
      q.clientOrderIdUsed.get(owner, clientOrderId) !== undefined,
    /** Trades in multi-row statements. */
    insertTrades(trades: readonly TradeRecord[]): void {
      let values: unknown[] = [];
      for (const t of trades) {
        values.push(
          t.id,
          t.market.id,
          t.price,
          t.qty,
          t.buyerQuote,
          t.sellerQuote,
          t.buyerFee,
          t.sellerFee,
          t.takerSide,
          t.maker.id,
          t.taker.id,
          t.maker.trader.owner,
          t.taker.trader.owner,
          t.ts,
        );
        if (values.length === CHUNK * TRADE_WIDTH) {
          insertTradeRows(values);
          values = [];
        }
      }
      if (values.length > 0) insertTradeRows(values);
    },
    tradesOfOrder: (orderId: number) => q.tradesOfOrder.all(orderId, orderId),
    recentTrades: (marketId: number, limit: number) => q.recentTrades.all(marketId, limit),
    tradesSince: (marketId: number, afterId: number, limit: number) => q.tradesSince.all(marketId, afterId, limit),
    orderHistory,
    /**
     * The id of the first trade at or after `ts`. Ids grow with time, so a binary search over the primary key finds it
     * without an index on time.
     */
    firstTradeIdAt(ts: number): number {
      let lo = 1;
      let hi = (q.maxTradeId.get()?.id ?? 0) + 1;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        const row = q.tradeAtOrAfter.get(mid);
        if (row === undefined || row.ts >= ts) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    },
    tradeStatsRows: (marketId: number, fromId: number) => q.tradeStatsRows.all(marketId, fromId),
    favorites: (uid: number, type: string) => q.favorites.all(uid, type).map((r) => r.symbol),
    addFavorite: (uid: number, type: string, symbol: string, now: number) =>
      q.addFavorite.run(uid, type, symbol, now).changes,
    removeFavorite: (uid: number, type: string, symbol: string) => q.removeFavorite.run(uid, type, symbol).changes,
  };
}

export type SpotRepo = ReturnType<typeof createSpotRepo>;
