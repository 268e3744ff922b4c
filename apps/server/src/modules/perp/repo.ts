import type { Statement } from 'better-sqlite3';
import { type Db, firstIdSince } from '../../db/database';
import { DeferredIndex } from '../../db/deferred-index';
import type { ContractRow } from './contract';

/** The perpetuals module's SQL: its own tables only (perp_*). Integers are read as bigint (safeIntegers). */

export interface PositionRow {
  id: bigint;
  owner: bigint;
  contract_id: bigint;
  side: 'long' | 'short';
  margin_mode: 'cross' | 'isolated';
  leverage: bigint;
  lots: bigint;
  cost: bigint;
  margin: bigint;
  realized_pnl: bigint;
  fees: bigint;
  funding: bigint;
  closed_lots: bigint;
  closed_value: bigint;
  opened_lots: bigint;
  opened_value: bigint;
  take_profit: bigint | null;
  stop_loss: bigint | null;
  in_liquidation: bigint;
  liquidation_closes: bigint;
  status: 'open' | 'closed';
  close_kind: string | null;
  opened_at: bigint;
  updated_at: bigint;
  closed_at: bigint | null;
}

export interface OrderRow {
  id: bigint;
  owner: bigint;
  contract_id: bigint;
  client_order_id: string | null;
  side: 'buy' | 'sell';
  kind: string;
  type: 'limit' | 'market';
  tif: string;
  post_only: bigint;
  reduce_only: bigint;
  price: bigint | null;
  lots: bigint;
  filled_lots: bigint;
  filled_value: bigint;
  frozen: bigint;
  hold_per_lot: bigint;
  fee: bigint;
  realized_pnl: bigint;
  opened_lots: bigint;
  closed_lots: bigint;
  leverage: bigint;
  margin_mode: 'cross' | 'isolated';
  take_profit: bigint | null;
  stop_loss: bigint | null;
  status: string;
  reason: string | null;
  position_id: bigint | null;
  close_kind: string | null;
  source: string | null;
  stp_key: bigint;
  seq: bigint;
  created_at: bigint;
  updated_at: bigint;
}

export interface TradeRow {
  id: number;
  contract_id: number;
  kind: string;
  price: bigint;
  lots: bigint;
  value: bigint;
  taker_side: 'buy' | 'sell';
  maker_order_id: number | null;
  taker_order_id: number | null;
  maker_owner: number;
  taker_owner: number;
  ts: number;
}

export interface FillRow {
  id: number;
  trade_id: number;
  owner: number;
  contract_id: number;
  order_id: number | null;
  position_id: number | null;
  side: 'buy' | 'sell';
  price: bigint;
  lots: bigint;
  value: bigint;
  fee: bigint;
  realized_pnl: bigint;
  role: 'maker' | 'taker';
  kind: 'trade' | 'liquidation' | 'takeover' | 'adl';
  ts: number;
}

export interface CloseRow {
  id: number;
  owner: number;
  position_id: number;
  order_id: number | null;
  contract_id: number;
  side: 'long' | 'short';
  lots: bigint;
  entry_value: bigint;
  exit_value: bigint;
  realized_pnl: bigint;
  fee: bigint;
  kind: string;
  final: number;
  ts: number;
}

export interface LiquidationRow {
  id: number;
  owner: number;
  contract_id: number | null;
  position_id: number | null;
  pool: 'cross' | 'isolated';
  step: number;
  action: 'cancel_orders' | 'close';
  side: 'long' | 'short' | null;
  lots: bigint;
  mark: bigint;
  bankruptcy_price: string | null;
  limit_price: bigint | null;
  book_lots: bigint;
  book_value: bigint;
  fund_lots: bigint;
  adl_lots: bigint;
  fee: bigint;
  equity: bigint;
  maintenance: bigint;
  ts: number;
}

export interface AdlRow {
  id: number;
  liquidation_id: number;
  owner: number;
  contract_id: number;
  position_id: number;
  side: 'long' | 'short';
  lots: bigint;
  value: bigint;
  realized_pnl: bigint;
  ts: number;
}

export interface FundingRateRow {
  contract_id: number;
  time: number;
  rate: bigint;
  premium: bigint;
  mark: bigint;
  long_lots: bigint;
  payers: number;
  receivers: number;
  paid: bigint;
  received: bigint;
  fund: bigint;
}

export interface FundingPaymentRow {
  id: number;
  owner: number;
  position_id: number;
  contract_id: number;
  side: 'long' | 'short';
  lots: bigint;
  mark: bigint;
  rate: bigint;
  amount: bigint;
  time: number;
}

export interface CandleRow {
  contract_id: number;
  period: string;
  t: number;
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  v: bigint;
  qv: bigint;
  n: number;
}

export interface AccountRow {
  owner: bigint;
  unpaid_loss: bigint;
  cross_in_liquidation: bigint;
  cross_closes: bigint;
}

type Params = Record<string, unknown>;

/** Bound parameters per statement: well under SQLite's limit (32,766). */
const MAX_BOUND = 8_000;

/** The columns of the rows written set-wise at the end of a transaction (the values come flat in this order). */
export const ORDER_COLUMNS = `id owner contract_id client_order_id side kind type tif post_only reduce_only price lots
  filled_lots filled_value frozen hold_per_lot fee realized_pnl opened_lots closed_lots leverage margin_mode take_profit
  stop_loss status reason position_id close_kind source stp_key seq created_at updated_at`;
/** What changes in an order once it is written. */
export const ORDER_UPDATES = `lots filled_lots filled_value frozen hold_per_lot fee realized_pnl opened_lots closed_lots
  status reason position_id close_kind seq updated_at`;
/**
 * An order's status as shown: a filled order that opened a position is `trading` while the position is open and
 * `closed` once it has closed (derived here, from the position, rather than written into every order at the close).
 */
const ORDER_STATUS = `(CASE WHEN o.status = 'trading' AND (SELECT p.status FROM perp_positions p WHERE p.id = o.position_id)
  = 'closed' THEN 'closed' ELSE o.status END)`;
/** An order's columns as read (`o`), its status as shown. */
const ORDER_READ = ORDER_COLUMNS.trim()
  .split(/\s+/)
  .map((c) => (c === 'status' ? `${ORDER_STATUS} AS status` : `o.${c}`))
  .join(', ');
/** What the reads of a position's history need of it. */
export interface PositionOf {
  id: number;
  owner: number;
  openedAt: number;
}
export const POSITION_COLUMNS = `id owner contract_id side margin_mode leverage lots cost margin realized_pnl fees funding
  closed_lots closed_value opened_lots opened_value take_profit stop_loss in_liquidation liquidation_closes status
  close_kind opened_at updated_at closed_at`;
export const POSITION_UPDATES = `leverage lots cost margin realized_pnl fees funding closed_lots closed_value opened_lots
  opened_value take_profit stop_loss in_liquidation liquidation_closes status close_kind updated_at closed_at`;
export const TRADE_COLUMNS = `id contract_id kind price lots value taker_side maker_order_id taker_order_id maker_owner
  taker_owner ts`;
export const FILL_COLUMNS = `id trade_id owner contract_id order_id position_id side price lots value fee realized_pnl
  role kind ts`;
export const CLOSE_COLUMNS = `id owner position_id order_id contract_id side lots entry_value exit_value realized_pnl fee
  kind final ts`;

function bigRows<T>(stmt: Statement<unknown[], T>): Statement<unknown[], T> {
  return stmt.safeIntegers(true);
}

export function createPerpRepo(db: Db) {
  const prep = <T = unknown>(sql: string) => bigRows(db.prepare<unknown[], T>(sql));
  const s = {
    contracts: prep<ContractRow>('SELECT * FROM perp_contracts ORDER BY sort, id'),
    insertContract: db.prepare(
      insertSql(
        'perp_contracts',
        `symbol base quote price_precision size_precision lot_qty tick min_lots max_lots
        maker_fee_ppm taker_fee_ppm liquidation_fee_ppm liquidation_buffer
        whole_liquidation_below maintenance_basis tiers funding_interval_ms interest_rate
        premium_clamp funding_cap price_band oi_limit status hot sort created_at updated_at`,
      ),
    ),
    updateContract: db.prepare(
      updateSql(
        'perp_contracts',
        `tick min_lots max_lots maker_fee_ppm taker_fee_ppm liquidation_fee_ppm
        liquidation_buffer whole_liquidation_below maintenance_basis tiers funding_interval_ms
        interest_rate premium_clamp funding_cap price_band oi_limit status hot sort updated_at`,
      ),
    ),
    systemOwner: db.prepare<[string], { id: number }>('SELECT id FROM perp_system_owners WHERE name = ?'),
    systemOwners: db.prepare<[], { id: number; name: string }>('SELECT id, name FROM perp_system_owners'),
    insertSystemOwner: db.prepare('INSERT INTO perp_system_owners (name) VALUES (?)'),
    accounts: prep<AccountRow>('SELECT * FROM perp_accounts'),
    setting: db.prepare<[number, number], { leverage: number; margin_mode: 'cross' | 'isolated' }>(
      'SELECT leverage, margin_mode FROM perp_settings WHERE owner = ? AND contract_id = ?',
    ),
    upsertSetting: db.prepare(
      `INSERT INTO perp_settings (owner, contract_id, leverage, margin_mode) VALUES (?, ?, ?, ?)
       ON CONFLICT (owner, contract_id) DO UPDATE SET leverage = excluded.leverage, margin_mode = excluded.margin_mode`,
    ),
    openPositions: prep<PositionRow>("SELECT * FROM perp_positions WHERE status = 'open' ORDER BY id"),
    positionById: prep<PositionRow>('SELECT * FROM perp_positions WHERE id = ?'),
    restingOrders: prep<OrderRow>("SELECT * FROM perp_orders WHERE status IN ('entrusted', 'partial') ORDER BY id"),
    orderById: prep<OrderRow>(`SELECT ${ORDER_READ} FROM perp_orders o WHERE o.id = ?`),
    clientOrderIdUsed: db.prepare<[number, string], { id: number }>(
      'SELECT id FROM perp_orders WHERE owner = ? AND client_order_id = ? LIMIT 1',
    ),
    insertLiquidation: db.prepare(
      insertSql(
        'perp_liquidations',
        `id owner contract_id position_id pool step action side lots mark bankruptcy_price
        limit_price book_lots book_value fund_lots adl_lots fee equity maintenance ts`,
      ),
    ),
    insertAdl: db.prepare(
      insertSql('perp_adl_events', 'id liquidation_id owner contract_id position_id side lots value realized_pnl ts'),
    ),
    insertFundingRate: db.prepare(
      insertSql(
        'perp_funding_rates',
        'contract_id time rate premium mark long_lots payers receivers paid received fund',
      ),
    ),
    fundingSettled: db.prepare<[number, number], { time: number }>(
      'SELECT time FROM perp_funding_rates WHERE contract_id = ? AND time = ?',
    ),
    lastFundingRate: prep<{ rate: bigint; time: bigint }>(
      'SELECT rate, time FROM perp_funding_rates WHERE contract_id = ? ORDER BY time DESC LIMIT 1',
    ),
    insertFundingPayment: db.prepare(
      insertSql('perp_funding_payments', 'id owner position_id contract_id side lots mark rate amount time'),
    ),
    upsertSample: db.prepare(
      `INSERT INTO perp_samples (contract_id, minute, premium, mark, idx) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (contract_id, minute) DO UPDATE SET premium = excluded.premium, mark = excluded.mark,
         idx = excluded.idx`,
    ),
    samplesBetween: prep<{ minute: bigint; premium: bigint | null; mark: bigint; idx: bigint }>(
      'SELECT minute, premium, mark, idx FROM perp_samples WHERE contract_id = ? AND minute > ? AND minute <= ? ORDER BY minute',
    ),
    sampleAtOrBefore: prep<{ minute: bigint; mark: bigint; idx: bigint }>(
      'SELECT minute, mark, idx FROM perp_samples WHERE contract_id = ? AND minute <= ? ORDER BY minute DESC LIMIT 1',
    ),
    pruneSamples: db.prepare('DELETE FROM perp_samples WHERE minute < ?'),
    upsertCandle: db.prepare(
      `INSERT INTO perp_candles (contract_id, period, t, o, h, l, c, v, qv, n) VALUES (@contract_id, @period, @t, @o,
        @h, @l, @c, @v, @qv, @n) ON CONFLICT (contract_id, period, t) DO UPDATE SET o = excluded.o, h = excluded.h,
        l = excluded.l, c = excluded.c, v = excluded.v, qv = excluded.qv, n = excluded.n`,
    ),
    candles: prep<CandleRow>(
      `SELECT * FROM (SELECT * FROM perp_candles WHERE contract_id = ? AND period = ? AND t < ? ORDER BY t DESC LIMIT ?)
       ORDER BY t`,
    ),
    lastCandle: prep<CandleRow>(
      'SELECT * FROM perp_candles WHERE contract_id = ? AND period = ? ORDER BY t DESC LIMIT 1',
    ),
    candlesSince: prep<CandleRow>(
      'SELECT * FROM perp_candles WHERE contract_id = ? AND period = ? AND t >= ? ORDER BY t',
    ),
    recentTrades: prep<TradeRow>(
      "SELECT * FROM perp_trades WHERE contract_id = ? AND kind IN ('trade', 'liquidation') ORDER BY id DESC LIMIT ?",
    ),
    lastTradePrice: prep<{ price: bigint }>(
      "SELECT price FROM perp_trades WHERE contract_id = ? AND kind IN ('trade', 'liquidation') ORDER BY id DESC LIMIT 1",
    ),
    maxIds: db.prepare<
      [],
      {
        o: number | null;
        p: number | null;
        t: number | null;
        f: number | null;
        c: number | null;
        l: number | null;
        a: number | null;
        fp: number | null;
      }
    >(
      `SELECT (SELECT MAX(id) FROM perp_orders) AS o, (SELECT MAX(id) FROM perp_positions) AS p,
        (SELECT MAX(id) FROM perp_trades) AS t, (SELECT MAX(id) FROM perp_fills) AS f,
        (SELECT MAX(id) FROM perp_closes) AS c, (SELECT MAX(id) FROM perp_liquidations) AS l,
        (SELECT MAX(id) FROM perp_adl_events) AS a, (SELECT MAX(id) FROM perp_funding_payments) AS fp`,
    ),
  };

  /**
   * A multi-row INSERT of the columns `columnList` (space-separated; the values flat, row after row, in that order),
   * an upsert on `conflict` setting `updates` when given; one prepared statement per row count, in chunks that stay
   * under SQLite's limit on bound parameters.
   */
  const manyRows = (table: string, columnList: string, upsert?: { conflict: string; updates: string }) => {
    const columns = columnList.trim().split(/\s+/);
    const width = columns.length;
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const tail = upsert
      ? ` ON CONFLICT (${upsert.conflict}) DO UPDATE SET ${upsert.updates
          .trim()
          .split(/\s+/)
          .map((c) => `${c} = excluded.${c}`)
          .join(', ')}`
      : '';
    const perChunk = Math.floor(MAX_BOUND / width) * width;
    const bySize = new Map<number, Statement<unknown[]>>();
    const write = (values: unknown[]) => {
      const rows = values.length / width;
      let statement = bySize.get(rows);
      if (!statement) {
        statement = db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}${tail}`,
        );
        bySize.set(rows, statement);
      }
      statement.run(...values);
    };
    return (values: unknown[]) => {
      if (values.length <= perChunk) write(values);
      else for (let i = 0; i < values.length; i += perChunk) write(values.slice(i, i + perChunk));
    };
  };
  const writers = {
    orders: manyRows('perp_orders', ORDER_COLUMNS, { conflict: 'id', updates: ORDER_UPDATES }),
    ordersKeepingStatus: manyRows('perp_orders', ORDER_COLUMNS, {
      conflict: 'id',
      updates: ORDER_UPDATES.replace(/\bstatus\b/, ''),
    }),
    positions: manyRows('perp_positions', POSITION_COLUMNS, { conflict: 'id', updates: POSITION_UPDATES }),
    openPositions: manyRows('perp_positions', POSITION_COLUMNS, {
      conflict: 'id',
      updates: POSITION_UPDATES.replace(/\bstatus\b/, ''),
    }),
    trades: manyRows('perp_trades', TRADE_COLUMNS),
    fills: manyRows('perp_fills', FILL_COLUMNS),
    closes: manyRows('perp_closes', CLOSE_COLUMNS),
    accounts: manyRows('perp_accounts', 'owner unpaid_loss cross_in_liquidation cross_closes', {
      conflict: 'owner',
      updates: 'unpaid_loss cross_in_liquidation cross_closes',
    }),
  };

  /**
   * One page of a table's rows, newest first by `order`, where each clause of `where` holds (with its parameters)
   * and each filter given (column → value; undefined: any), and the count of all such rows.
   */
  const pageOf = <T>(
    table: string,
    order: string,
    where: readonly [string, ...unknown[]][],
    filters: Record<string, unknown>,
    limit: number,
    offset: number,
  ) => {
    const clauses: string[] = [];
    const params: unknown[] = [];
    for (const [clause, ...values] of where) {
      clauses.push(clause);
      params.push(...values);
    }
    for (const [column, value] of Object.entries(filters)) {
      if (value === undefined || value === null) continue;
      clauses.push(`${column} = ?`);
      params.push(value);
    }
    const condition = clauses.length > 0 ? clauses.join(' AND ') : '1 = 1';
    const rows = prep<T>(`SELECT * FROM ${table} WHERE ${condition} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
      ...params,
      limit,
      offset,
    );
    const total = Number(
      (db
        .prepare(`SELECT COUNT(*) FROM ${table} WHERE ${condition}`)
        .pluck()
        .get(...params) as number | bigint | undefined) ?? 0,
    );
    return { rows, total };
  };

  /** Every row of a table that belongs to one parent (an order's fills, a position's closes…), oldest first. */
  const rowsOf = <T>(table: string, column: string, id: number) =>
    prep<T>(`SELECT * FROM ${table} WHERE ${column} = ? ORDER BY id`).all(id);

  /**
   * The histories by owner (`DeferredIndex`): orders, fills and closes. Flushed after the rows of a transaction are
   * written (`wroteHistory`), and at start for what a stop left in the tails.
   */
  const lookups = {
    orders: new DeferredIndex(db, { table: 'perp_order_owners', source: 'perp_orders', key: 'owner' }),
    fills: new DeferredIndex(db, { table: 'perp_fill_owners', source: 'perp_fills', key: 'owner' }),
    closes: new DeferredIndex(db, { table: 'perp_close_owners', source: 'perp_closes', key: 'owner' }),
  };
  const byContract = (owner: number, contractId: number | undefined) =>
    contractId === undefined ? { key: owner } : { key: owner, where: 'o.contract_id = ?', args: [contractId] };
  /**
   * A position's fills or closes, oldest first: its owner's, from the first written at or after it opened (ids
   * follow time), whose position is this one.
   */
  const ofPosition = <T>(table: 'fills' | 'closes', p: PositionOf, columns = 'o.*'): T[] => {
    // A minute's slack: the bound only shortens the scan (no row before the position opened can be one of its own).
    const minId = firstIdSince(db, `perp_${table}`, 'ts', p.openedAt - 60_000);
    if (minId === null) return [];
    return lookups[table].all<T>({ key: p.owner, minId, where: 'o.position_id = ?', args: [p.id], columns });
  };

  return {
    contracts: () => s.contracts.all().map(contractRowFromDb),
    insertContract: (row: Omit<ContractRow, 'id'>): number =>
      Number(s.insertContract.run(contractParams(row)).lastInsertRowid),
    updateContract: (row: ContractRow) => s.updateContract.run(contractParams(row)),
    systemOwnerId(name: string): number {
      const found = s.systemOwner.get(name);
      if (found) return found.id;
      return Number(s.insertSystemOwner.run(name).lastInsertRowid);
    },
    systemOwners: () => s.systemOwners.all(),
    accounts: () => s.accounts.all(),
    /** Accounts as flat rows of `owner unpaid_loss cross_in_liquidation cross_closes`. */
    upsertAccounts: writers.accounts,
    setting: (owner: number, contractId: number) => s.setting.get(owner, contractId),
    upsertSetting: (owner: number, contractId: number, leverage: number, mode: string) =>
      s.upsertSetting.run(owner, contractId, leverage, mode),
    openPositions: () => s.openPositions.all(),
    positionById: (id: number) => s.positionById.get(id),
    /** Positions as flat rows of POSITION_COLUMNS: new ones inserted, the others' POSITION_UPDATES updated. */
    upsertPositions: writers.positions,
    /** Orders already written whose status is unchanged, as ORDER_COLUMNS rows: ORDER_UPDATES but `status`. */
    updateOrdersKeepingStatus: writers.ordersKeepingStatus,
    /** Open positions already written, as POSITION_COLUMNS rows: POSITION_UPDATES but `status` (the key's first column). */
    updateOpenPositions: writers.openPositions,
    restingOrders: () => s.restingOrders.all(),
    orderById: (id: number) => s.orderById.get(id),
    /** Orders as flat rows of ORDER_COLUMNS: new ones inserted, the others' ORDER_UPDATES updated. */
    upsertOrders: writers.orders,
    clientOrderIdUsed: (owner: number, clientOrderId: string) =>
      s.clientOrderIdUsed.get(owner, clientOrderId) !== undefined,
    /** Trades, fills and closes as flat rows of TRADE_COLUMNS, FILL_COLUMNS and CLOSE_COLUMNS. */
    insertTrades: writers.trades,
    insertFills: writers.fills,
    insertCloses: writers.closes,
    insertLiquidation: (l: LiquidationRow) => s.insertLiquidation.run(l),
    insertAdl: (a: AdlRow) => s.insertAdl.run(a),
    insertFundingRate: (r: FundingRateRow) => s.insertFundingRate.run(r),
    fundingSettled: (contractId: number, time: number) => s.fundingSettled.get(contractId, time) !== undefined,
    lastFundingRate: (contractId: number) => s.lastFundingRate.get(contractId),
    insertFundingPayment: (p: FundingPaymentRow) => s.insertFundingPayment.run(p),
    upsertSample: (contractId: number, minute: number, premium: bigint | null, mark: bigint, index: bigint) =>
      s.upsertSample.run(contractId, minute, premium, mark, index),
    samplesBetween: (contractId: number, after: number, upTo: number) => s.samplesBetween.all(contractId, after, upTo),
    sampleAtOrBefore: (contractId: number, minute: number) => s.sampleAtOrBefore.get(contractId, minute),
    pruneSamples: (before: number) => s.pruneSamples.run(before),
    upsertCandle: (c: CandleRow) => s.upsertCandle.run(c),
    candles: (contractId: number, period: string, before: number, limit: number) =>
      s.candles.all(contractId, period, before, limit).map(candleFromDb),
    lastCandle: (contractId: number, period: string) => {
      const row = s.lastCandle.get(contractId, period);
      return row ? candleFromDb(row) : undefined;
    },
    candlesSince: (contractId: number, period: string, from: number) =>
      s.candlesSince.all(contractId, period, from).map(candleFromDb),
    recentTrades: (contractId: number, limit: number) => s.recentTrades.all(contractId, limit).map(tradeFromDb),
    lastTradePrice: (contractId: number) => s.lastTradePrice.get(contractId)?.price ?? null,
    maxIds: () => s.maxIds.get(),
    /**
     * After a transaction's new orders, fills and closes are written (their counts): their lookups by owner, when a
     * flush is due. `now` is the clock's.
     */
    wroteHistory(orders: number, fills: number, closes: number, now: number): void {
      lookups.orders.wrote(orders, now);
      lookups.fills.wrote(fills, now);
      lookups.closes.wrote(closes, now);
    },
    /** At start: the lookups of rows written after the last flush before a stop. */
    catchUpHistory(): void {
      for (const index of Object.values(lookups)) index.flush();
    },

    // ---- records (paged reads) --------------------------------------------------------------------------------
    ordersOf: (
      owner: number,
      q: { contractId?: number; statuses: readonly string[]; from: number; to: number },
      limit: number,
      offset: number,
    ) => {
      const where = [
        `${ORDER_STATUS} IN (${q.statuses.map(() => '?').join(', ')})`,
        'o.created_at >= ?',
        'o.created_at <= ?',
      ];
      const args: unknown[] = [...q.statuses, q.from, q.to];
      if (q.contractId !== undefined) {
        where.push('o.contract_id = ?');
        args.push(q.contractId);
      }
      return lookups.orders.page<OrderRow>(
        { key: owner, where: where.join(' AND '), args, columns: ORDER_READ },
        limit,
        offset,
      );
    },
    /** The orders of a position: those of its fills and closes. */
    ordersOfPosition: (position: PositionOf): OrderRow[] => {
      const ids = new Set<number>();
      for (const table of ['fills', 'closes'] as const) {
        for (const r of ofPosition<{ order_id: bigint | null }>(table, position, 'o.order_id')) {
          if (r.order_id !== null) ids.add(Number(r.order_id));
        }
      }
      return [...ids].sort((a, b) => a - b).flatMap((id) => s.orderById.all(id));
    },
    positionsOf: (
      owner: number,
      q: { contractId?: number; status: 'open' | 'closed'; from: number },
      limit: number,
      offset: number,
    ) =>
      pageOf<PositionRow>(
        // By owner and status, newest first. Named: without statistics SQLite would rather scan the table's key
        // (status, id), every closed position of every user, than look rows up from an index.
        'perp_positions INDEXED BY perp_positions_owner',
        'id DESC',
        [
          ['owner = ?', owner],
          ['status = ?', q.status],
          ['updated_at >= ?', q.from],
        ],
        { contract_id: q.contractId },
        limit,
        offset,
      ),
    fillsOf: (owner: number, contractId: number | undefined, limit: number, offset: number) =>
      lookups.fills.page<FillRow>(byContract(owner, contractId), limit, offset),
    /** An order's fills: its owner's, from the first written at or after it was placed (ids follow time). */
    fillsOfOrder: (order: { id: number; owner: number; createdAt: number }): FillRow[] => {
      const minId = firstIdSince(db, 'perp_fills', 'ts', order.createdAt - 60_000);
      if (minId === null) return [];
      return lookups.fills.all<FillRow>({ key: order.owner, minId, where: 'o.order_id = ?', args: [order.id] });
    },
    fillsOfPosition: (position: PositionOf) => ofPosition<FillRow>('fills', position),
    closesOf: (owner: number, contractId: number | undefined, limit: number, offset: number) =>
      lookups.closes.page<CloseRow>(byContract(owner, contractId), limit, offset),
    closesOfPosition: (position: PositionOf) => ofPosition<CloseRow>('closes', position),
    fundingOf: (owner: number, contractId: number | undefined, limit: number, offset: number) =>
      pageOf<FundingPaymentRow>(
        'perp_funding_payments',
        'id DESC',
        [['owner = ?', owner]],
        { contract_id: contractId },
        limit,
        offset,
      ),
    fundingOfPosition: (positionId: number) =>
      rowsOf<FundingPaymentRow>('perp_funding_payments', 'position_id', positionId),
    fundingRates: (contractId: number | undefined, limit: number, offset: number) =>
      pageOf<FundingRateRow>(
        'perp_funding_rates',
        'time DESC, contract_id',
        [],
        { contract_id: contractId },
        limit,
        offset,
      ),
    liquidations: (q: { contractId?: number; owner?: number }, limit: number, offset: number) =>
      pageOf<LiquidationRow>(
        'perp_liquidations',
        'id DESC',
        [],
        { contract_id: q.contractId, owner: q.owner },
        limit,
        offset,
      ),
    adlEvents: (q: { contractId?: number; owner?: number }, limit: number, offset: number) =>
      pageOf<AdlRow>('perp_adl_events', 'id DESC', [], { contract_id: q.contractId, owner: q.owner }, limit, offset),
  };
}

export type PerpRepo = ReturnType<typeof createPerpRepo>;

/** `INSERT INTO table (a, b) VALUES (@a, @b)` from the columns `a b` (space-separated), each bound by name. */
function insertSql(table: string, columnList: string): string {
  const columns = columnList.trim().split(/\s+/);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
}

/** `UPDATE table SET a = @a, b = @b WHERE id = @id` from the columns `a b`. */
function updateSql(table: string, columnList: string): string {
  const columns = columnList.trim().split(/\s+/);
  return `UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
}

function contractRowFromDb(r: ContractRow): ContractRow {
  const n = (v: unknown) => Number(v);
  return {
    ...r,
    id: n(r.id),
    price_precision: n(r.price_precision),
    size_precision: n(r.size_precision),
    maker_fee_ppm: n(r.maker_fee_ppm),
    taker_fee_ppm: n(r.taker_fee_ppm),
    liquidation_fee_ppm: n(r.liquidation_fee_ppm),
    funding_interval_ms: n(r.funding_interval_ms),
    hot: n(r.hot),
    sort: n(r.sort),
    created_at: n(r.created_at),
    updated_at: n(r.updated_at),
  };
}

function contractParams(row: Omit<ContractRow, 'id'> & { id?: number }): Params {
  return { ...row };
}

function candleFromDb(r: CandleRow): CandleRow {
  return { ...r, contract_id: Number(r.contract_id), t: Number(r.t), n: Number(r.n) };
}

function tradeFromDb(r: TradeRow): TradeRow {
  return {
    ...r,
    id: Number(r.id),
    contract_id: Number(r.contract_id),
    maker_order_id: r.maker_order_id === null ? null : Number(r.maker_order_id),
    taker_order_id: r.taker_order_id === null ? null : Number(r.taker_order_id),
    maker_owner: Number(r.maker_owner),
    taker_owner: Number(r.taker_owner),
    ts: Number(r.ts),
  };
}

/** Numbers of a paged record row (ids, timestamps) from bigint. */
export function num(v: bigint | number | null): number {
  return v === null ? 0 : Number(v);
}
