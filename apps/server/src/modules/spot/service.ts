import {
  type AssetCategory,
  type DepthFrame,
  type Depth,
  HISTORY_MONTHS,
  type HomeList,
  type Lang,
  MARKET_CATEGORIES,
  MARKET_CATEGORY_NAMES,
  MarketSymbol,
  type MarketWithTicker,
  type NewSpotOrderBody,
  type OrderFrame,
  parseDecimal,
  parseSignedDecimal,
  type SpotMarket,
  type SpotMarketInput,
  SpotMarketInput as SpotMarketInputSchema,
  type SpotMarketUpdate,
  type SpotOrder,
  type SpotOrderDetail,
  type Ticker,
  formatDecimal,
} from '@bourse/contract';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import { AssetTally } from '../../platform/activity';
import type { AssetAmount } from '../../platform/module';
import type { ChannelSpec, Hub } from '../../ws/hub';
import { FeeService } from '../fees';
import type { LedgerService } from '../ledger';
import { aggregatedDepth, changedLevels } from './depth';
import { Effects, holderOf, type MarketRuntime, OrderDesk } from './desk';
import { GroupCommit, type BatchParticipant } from './group-commit';
import {
  formatRate,
  type Market,
  type MarketRow,
  marketFromRow,
  marketView,
  parseBand,
  parseRate,
  parseUnits,
} from './market';
import { createSpotRepo, type OrderRow, type SpotRepo, type TradeRow } from './repo';
import { OwnTradeStats, type TickerSource } from './tickers';
import { Traders } from './traders';
import { type OrderOwner, type OrderState, ownerOf, type TradeEvent, type TradeListener, type Trader } from './types';
import { fillFromTrade, fillView, orderFromRow, orderView } from './view';

export interface SpotDeps {
  db: Db;
  tx: Transactions;
  clock: Clock;
  log: Logger;
  ledger: LedgerService;
  hub: Hub;
  /** Users' fee rates (membership discounts) and the fees they paid (invitation rebates). */
  fees?: FeeService;
}

export interface OrderListQuery {
  symbol?: string;
  side?: 'buy' | 'sell';
  page: number;
  size: number;
}

export interface OrderHistoryQuery extends OrderListQuery {
  status?: 'filled' | 'cancelled' | 'expired';
  from?: number;
  to?: number;
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

const DEPTH_SNAPSHOT_LEVELS = 50;
const HOME_LIST_SIZE = 10;

/** JSON built only if some socket actually wants it (the hub serialises a frame only when it has a subscriber). */
class LazyJson<T> {
  private value: T | undefined;
  constructor(private readonly build: () => T) {}
  toJSON(): T {
    this.value ??= this.build();
    return this.value;
  }
}

/**
 * The spot trading core: markets, orders, the books, the live depth and order channels, favourites, and the
 * interface the market-data module uses (trades, tickers, book tops). See README.md.
 */
export class SpotService implements BatchParticipant {
  private readonly repo: SpotRepo;
  private readonly traders: Traders;
  private readonly desk: OrderDesk;
  private readonly commits: GroupCommit;
  /** What the current batch changed; commands write into it directly (a refused one never reaches it). */
  private batchEffects = new Effects();
  private tickerSource: TickerSource | undefined;
  private readonly ownStats = new Map<number, OwnTradeStats>();
  private readonly tradeListeners: TradeListener[] = [];
  /** Set when the books could not be brought back in line with the database: no more orders until a restart. */
  private halted = false;

  constructor(private readonly deps: SpotDeps) {
    this.repo = createSpotRepo(deps.db);
    this.traders = new Traders(this.repo, deps.tx, deps.clock);
    this.desk = new OrderDesk(this.repo, deps.ledger, this.traders, deps.clock, deps.fees ?? new FeeService());
    this.commits = new GroupCommit(deps.tx, this, deps.log);
    // Orders written after the last flush of spot_order_owners before a stop (kill -9 included) get their rows now.
    deps.tx.run(() => this.repo.orderOwners.flush());
    for (const row of this.repo.markets()) this.desk.addMarket(this.toMarket(row));
    // A database written before the ledger had holds: each resting order's frozen amount becomes its hold.
    this.desk.adoptHolds();
    this.loadOwnStats();
  }

  private toMarket(row: MarketRow): Market {
    return marketFromRow(row, this.deps.ledger.asset(row.base).scale, this.deps.ledger.asset(row.quote).scale);
  }

  private loadOwnStats(): void {
    const fromId = this.repo.firstTradeIdAt(this.deps.clock.now() - 24 * 3600_000);
    for (const rt of this.desk.runtimes()) {
      const stats = new OwnTradeStats();
      for (const t of this.repo.tradeStatsRows(rt.market.id, fromId)) {
        stats.add(Number(t.price), Number(t.qty), t.seller_quote, Number(t.ts));
      }
      this.ownStats.set(rt.market.id, stats);
    }
  }

  // ---- markets ------------------------------------------------------------------------------------------------

  private runtime(symbol: string): MarketRuntime {
    const rt = this.desk.runtime(symbol);
    if (!rt) throw new DomainError('MARKET_NOT_FOUND');
    return rt;
  }

  private sortedRuntimes(): MarketRuntime[] {
    return this.desk.runtimes().sort((a, b) => a.market.sort - b.market.sort || a.market.id - b.market.id);
  }

  markets(): SpotMarket[] {
    return this.sortedRuntimes().map((rt) => marketView(rt.market));
  }

  market(symbol: string): SpotMarket {
    return marketView(this.runtime(symbol).market);
  }

  /**
   * Creates a market (operator, demo data). Precisions are fixed from then on. The book opens once the row has
   * committed (at once outside a transaction; after the operator action's transaction inside one).
   */
  createMarket(input: SpotMarketInput): SpotMarket {
    const v = SpotMarketInputSchema.parse(input);
    const { ledger, clock, tx } = this.deps;
    if (!ledger.hasAsset(v.base) || !ledger.hasAsset(v.quote) || v.base === v.quote) {
      throw new DomainError('ASSET_NOT_FOUND');
    }
    const symbol = `${v.base}_${v.quote}`;
    if (this.desk.runtime(symbol)) throw new DomainError('MARKET_EXISTS');
    if (v.pricePrecision > ledger.asset(v.quote).scale || v.quantityPrecision > ledger.asset(v.base).scale) {
      throw new DomainError('INVALID_PARAMS', { detail: 'precision above the asset scale' });
    }
    const now = clock.now();
    const band = parseBand(v.priceBandLow, v.priceBandHigh);
    const row: Omit<MarketRow, 'id'> = {
      symbol,
      base: v.base,
      quote: v.quote,
      category: v.category,
      price_precision: v.pricePrecision,
      qty_precision: v.quantityPrecision,
      tick: positiveUnits(v.tickSize, v.pricePrecision, 'tickSize'),
      step: positiveUnits(v.stepSize, v.quantityPrecision, 'stepSize'),
      min_notional: parseUnits(v.minNotional, v.pricePrecision, () => invalid('minNotional')),
      maker_fee_ppm: parseRate(v.makerFee, 'makerFee'),
      taker_fee_ppm: parseRate(v.takerFee, 'takerFee'),
      price_band_low_ppm: band.low,
      price_band_high_ppm: band.high,
      status: v.status,
      hot: v.hot ? 1 : 0,
      sort: v.sort,
      created_at: now,
      updated_at: now,
    };
    const market = tx.run(() => {
      const created = this.toMarket({ ...row, id: this.repo.insertMarket(row) });
      tx.afterCommit(() => {
        this.desk.addMarket(created);
        this.ownStats.set(created.id, new OwnTradeStats());
      });
      return created;
    });
    return marketView(market);
  }

  /**
   * Changes a market's rules. Tick and step may change only if every open order still fits them. The book is rebuilt
   * under the new rules once the change has committed.
   */
  updateMarket(symbol: string, patch: SpotMarketUpdate): SpotMarket {
    const rt = this.runtime(symbol);
    const m = rt.market;
    const band = parseBand(
      patch.priceBandLow ?? formatRate(m.priceBandLowPpm),
      patch.priceBandHigh ?? formatRate(m.priceBandHighPpm),
    );
    const row: MarketRow = {
      id: m.id,
      symbol: m.symbol,
      base: m.base,
      quote: m.quote,
      category: patch.category ?? m.category,
      price_precision: m.pricePrecision,
      qty_precision: m.qtyPrecision,
      tick: patch.tickSize === undefined ? m.tick : positiveUnits(patch.tickSize, m.pricePrecision, 'tickSize'),
      step: patch.stepSize === undefined ? m.step : positiveUnits(patch.stepSize, m.qtyPrecision, 'stepSize'),
      min_notional:
        patch.minNotional === undefined
          ? m.minNotional
          : parseUnits(patch.minNotional, m.pricePrecision, () => invalid('minNotional')),
      maker_fee_ppm: patch.makerFee === undefined ? m.makerFeePpm : parseRate(patch.makerFee, 'makerFee'),
      taker_fee_ppm: patch.takerFee === undefined ? m.takerFeePpm : parseRate(patch.takerFee, 'takerFee'),
      price_band_low_ppm: band.low,
      price_band_high_ppm: band.high,
      status: patch.status ?? m.status,
      hot: (patch.hot ?? m.hot) ? 1 : 0,
      sort: patch.sort ?? m.sort,
      created_at: m.createdAt,
      updated_at: this.deps.clock.now(),
    };
    const market = this.toMarket(row);
    this.deps.tx.run(() => {
      if ((row.tick !== m.tick || row.step !== m.step) && this.repo.misfitOrders(m.id, row.tick, row.step) > 0) {
        throw new DomainError('MARKET_HAS_OPEN_ORDERS');
      }
      this.repo.updateMarket(row);
      this.deps.tx.afterCommit(() => this.publishDepth(this.desk.replaceMarket(market)));
    });
    return marketView(market);
  }

  // ---- tickers and public market data -------------------------------------------------------------------------

  /** The market-data module registers its tickers here; until then tickers come from this module's own trades. */
  useTickers(source: TickerSource): void {
    this.tickerSource = source;
  }

  /** Best bid and ask of a market's book (decimal strings), for tickers built elsewhere. */
  bookTop(symbol: string): { bid: string | null; ask: string | null } {
    const rt = this.runtime(symbol);
    const bid = rt.book.bestBid();
    const ask = rt.book.bestAsk();
    return {
      bid: bid === undefined ? null : formatDecimal(BigInt(bid), rt.market.pricePrecision),
      ask: ask === undefined ? null : formatDecimal(BigInt(ask), rt.market.pricePrecision),
    };
  }

  ticker(symbol: string): Ticker {
    return this.tickerOf(this.runtime(symbol));
  }

  private tickerOf(rt: MarketRuntime): Ticker {
    const external = this.tickerSource?.ticker(rt.market.symbol);
    if (external) return external;
    const stats = this.ownStats.get(rt.market.id) ?? new OwnTradeStats();
    return stats.ticker(rt.market, this.deps.clock.now(), rt.book.bestBid(), rt.book.bestAsk());
  }

  private withTicker(rt: MarketRuntime): MarketWithTicker {
    return { market: marketView(rt.market), ticker: this.tickerOf(rt) };
  }

  symbolList(): MarketWithTicker[] {
    return this.sortedRuntimes().map((rt) => this.withTicker(rt));
  }

  symbol(symbol: string): MarketWithTicker {
    return this.withTicker(this.runtime(symbol));
  }

  hotSymbols(): MarketWithTicker[] {
    return this.sortedRuntimes()
      .filter((rt) => rt.market.hot)
      .map((rt) => this.withTicker(rt));
  }

  categories(lang: Lang): AssetCategory[] {
    const runtimes = this.sortedRuntimes();
    return MARKET_CATEGORIES.map((id) => ({
      id,
      name: MARKET_CATEGORY_NAMES[id][lang],
      symbols: runtimes.filter((rt) => rt.market.category === id).map((rt) => rt.market.symbol),
    }));
  }

  homeList(): HomeList {
    const all = this.symbolList();
    const percent = (t: Ticker) => parseSignedDecimal(t.changePercent, 2);
    const quoteVolume = (t: Ticker) => parseSignedDecimal(t.quoteVolume, 18);
    const byDesc = (f: (t: Ticker) => bigint) => (a: MarketWithTicker, b: MarketWithTicker) => {
      const x = f(a.ticker);
      const y = f(b.ticker);
      return x === y ? 0 : x > y ? -1 : 1;
    };
    const traded = all.filter((e) => e.ticker.last !== '0');
    // A gainer went up and a loser went down: with fewer movers than places, the lists are shorter, never padded
    // with markets that moved the other way.
    return {
      hot: all.filter((e) => e.market.hot).slice(0, HOME_LIST_SIZE),
      gainers: traded
        .filter((e) => percent(e.ticker) > 0n)
        .sort(byDesc(percent))
        .slice(0, HOME_LIST_SIZE),
      losers: traded
        .filter((e) => percent(e.ticker) < 0n)
        .sort(byDesc(percent))
        .reverse()
        .slice(0, HOME_LIST_SIZE),
      volume: [...all].sort(byDesc(quoteVolume)).slice(0, HOME_LIST_SIZE),
    };
  }

  depth(symbol: string, type: number, limit: number): Depth {
    const rt = this.runtime(symbol);
    const { bids, asks } = aggregatedDepth(rt.market, rt.book, type, limit);
    return { symbol, seq: rt.depthSeq, bids, asks, ts: this.deps.clock.now() };
  }

  private depthSnapshot(rt: MarketRuntime): DepthFrame {
    const { bids, asks } = aggregatedDepth(rt.market, rt.book, 0, DEPTH_SNAPSHOT_LEVELS);
    return {
      type: 'snapshot',
      symbol: rt.market.symbol,
      seq: rt.depthSeq,
      prevSeq: rt.depthSeq,
      bids,
      asks,
      ts: this.deps.clock.now(),
    };
  }

  // ---- trades for other modules -------------------------------------------------------------------------------

  /** Called after each committed batch with its trades, in execution order. */
  onTrades(listener: TradeListener): void {
    this.tradeListeners.push(listener);
  }

  /** The newest trades of a market, newest first. */
  recentTrades(symbol: string, limit: number): TradeEvent[] {
    const rt = this.runtime(symbol);
    return this.repo.recentTrades(rt.market.id, limit).map((t) => this.tradeEventFromRow(rt.market, t));
  }

  /** Trades of a market after the trade `afterId` (0 for the first), oldest first, at most `limit` (backfill). */
  tradesSince(symbol: string, afterId: number, limit = 1000): TradeEvent[] {
    const rt = this.runtime(symbol);
    return this.repo.tradesSince(rt.market.id, afterId, limit).map((t) => this.tradeEventFromRow(rt.market, t));
  }

  private tradeEventFromRow(m: Market, t: TradeRow): TradeEvent {
    return {
      id: Number(t.id),
      symbol: m.symbol,
      marketId: m.id,
      price: formatDecimal(t.price, m.pricePrecision),
      quantity: formatDecimal(t.qty, m.qtyPrecision),
      quote: formatDecimal(t.seller_quote, m.quoteScale),
      priceUnits: Number(t.price),
      qtyUnits: Number(t.qty),
      quoteUnits: t.seller_quote,
      takerSide: t.taker_side,
      ts: Number(t.ts),
      makerOrderId: Number(t.maker_order_id),
      takerOrderId: Number(t.taker_order_id),
      maker: ownerOf(this.traders.of(Number(t.maker_owner))),
      taker: ownerOf(this.traders.of(Number(t.taker_owner))),
      buyerFee: t.buyer_fee,
      sellerFee: t.seller_fee,
    };
  }

  /** The last traded price of every market (decimal strings), e.g. for valuing balances. */
  lastPrices(): Map<string, string> {
    const out = new Map<string, string>();
    for (const rt of this.desk.runtimes()) {
      const t = this.tickerOf(rt);
      if (t.last !== '0') out.set(rt.market.symbol, t.last);
    }
    return out;
  }

  /**
   * The wallet's valuation hook: USDT per whole unit of `asset`, in USDT ledger units, from the last trade of its
   * `ASSET_USDT` market; null when that market does not exist or has never traded (no price is invented).
   */
  usdtPrice(asset: string): bigint | null {
    const rt = this.desk.runtime(`${asset}_USDT`);
    if (!rt) return null;
    const last = this.tickerOf(rt).last;
    if (last === '0') return null;
    return parseDecimal(last, rt.market.quoteScale);
  }

  // ---- orders -------------------------------------------------------------------------------------------------

  /** A system owner (market maker) that trades through this service, registered on first use. */
  systemOwner(name: string): OrderOwner {
    return ownerOf(this.traders.system(name));
  }

  placeOrder(owner: OrderOwner, input: NewSpotOrderBody): Promise<SpotOrder> {
    if (this.halted) return Promise.reject(new DomainError('SYSTEM_BUSY'));
    const trader = this.traders.resolve(owner);
    return this.commits.submit(() => orderView(this.desk.place(trader, input, this.batchEffects)));
  }

  /**
   * Places an order as ONE command of a batch with work of the caller around it, in the same transaction: `before`
   * (e.g. moving what the order sells into the owner's account), the order, then `after` with the order as placed
   * (e.g. settling its proceeds). All of it commits or none of it does; a refusal (of `before` or of the order)
   * rejects with its error and changes nothing. `after` must not refuse: the book has changed by then.
   */
  placeOrderWithin<T>(
    owner: OrderOwner,
    input: NewSpotOrderBody,
    around: { before: () => void; after: (order: SpotOrder) => T },
  ): Promise<T> {
    if (this.halted) return Promise.reject(new DomainError('SYSTEM_BUSY'));
    const trader = this.traders.resolve(owner);
    return this.commits.submit(() => {
      around.before();
      return around.after(orderView(this.desk.place(trader, input, this.batchEffects)));
    });
  }

  cancelOrder(owner: OrderOwner, id: number): Promise<SpotOrder> {
    if (this.halted) return Promise.reject(new DomainError('SYSTEM_BUSY'));
    const trader = this.traders.resolve(owner);
    return this.commits.submit(() => orderView(this.desk.cancel(trader, id, this.batchEffects)));
  }

  /** Cancels every open order of the owner (in one market if a symbol is given); resolves with how many. */
  cancelAll(owner: OrderOwner, symbol?: string): Promise<number> {
    if (this.halted) return Promise.reject(new DomainError('SYSTEM_BUSY'));
    const trader = this.traders.resolve(owner);
    const marketId = symbol === undefined ? undefined : this.runtime(symbol).market.id;
    return this.commits.submit(() => this.desk.cancelAll(trader, marketId, this.batchEffects).length);
  }

  /** The owner's resting orders from memory (market makers read their quotes here). */
  restingOrders(owner: OrderOwner, symbol?: string): SpotOrder[] {
    const marketId = symbol === undefined ? undefined : this.runtime(symbol).market.id;
    return this.desk.restingOf(this.traders.resolve(owner), marketId).map(orderView);
  }

  /** The user's open orders, newest first, from memory (the desk holds every resting order). */
  openOrders(uid: number, query: OrderListQuery): Paged<SpotOrder> {
    const marketId = query.symbol === undefined ? undefined : this.runtime(query.symbol).market.id;
    const all = this.desk
      .restingOf(this.traders.user(uid), marketId)
      .filter((o) => query.side === undefined || o.side === query.side)
      .sort((a, b) => b.id - a.id);
    const from = (query.page - 1) * query.size;
    return {
      list: all.slice(from, from + query.size).map(orderView),
      total: all.length,
      page: query.page,
      size: query.size,
    };
  }

  /** Finished orders of the last three months (spec §9), newest first. */
  orderHistory(uid: number, query: OrderHistoryQuery): Paged<SpotOrder> {
    const marketId = query.symbol === undefined ? undefined : this.runtime(query.symbol).market.id;
    const now = this.deps.clock.now();
    const horizon = new Date(now);
    horizon.setUTCMonth(horizon.getUTCMonth() - HISTORY_MONTHS);
    const { rows, total } = this.repo.orderHistory(
      {
        owner: this.traders.user(uid).owner,
        marketId,
        side: query.side,
        status: query.status,
        from: Math.max(query.from ?? 0, horizon.getTime()),
        to: query.to ?? now,
      },
      query.size,
      (query.page - 1) * query.size,
    );
    return { list: rows.map((r) => orderView(this.orderFromRow(r))), total, page: query.page, size: query.size };
  }

  /** One order of the user with its fills; another user's order is "not found". */
  orderDetail(uid: number, id: number): z.infer<typeof SpotOrderDetail> {
    const row = this.repo.orderById(id);
    if (!row || Number(row.owner) !== this.traders.user(uid).owner) throw new DomainError('ORDER_NOT_FOUND');
    const order = this.orderFromRow(row);
    return {
      order: orderView(order),
      fills: this.repo.tradesOfOrder(order.id).map((t) => fillView(order, fillFromTrade(order, t))),
    };
  }

  private orderFromRow(row: OrderRow): OrderState {
    const rt = this.desk.runtimeById(Number(row.market_id));
    if (!rt) throw new Error(`order ${row.id} of an unknown market`);
    return orderFromRow(row, rt.market, this.traders.of(Number(row.owner)));
  }

  // ---- favourites ---------------------------------------------------------------------------------------------

  favoriteSymbols(uid: number, type: 'spot' | 'swap'): string[] {
    return this.repo.favorites(uid, type);
  }

  favoriteList(uid: number, type: 'spot' | 'swap'): MarketWithTicker[] {
    if (type !== 'spot') return [];
    const out: MarketWithTicker[] = [];
    for (const symbol of this.repo.favorites(uid, 'spot')) {
      const rt = this.desk.runtime(symbol);
      if (rt) out.push(this.withTicker(rt));
    }
    return out;
  }

  addFavorite(uid: number, symbol: string, type: 'spot' | 'swap'): void {
    // Perpetual markets belong to the contract module; until it exists any well-formed symbol is kept for them.
    if (type === 'spot') this.runtime(symbol);
    this.deps.tx.run(() => this.repo.addFavorite(uid, type, symbol, this.deps.clock.now()));
  }

  removeFavorite(uid: number, symbol: string, type: 'spot' | 'swap'): void {
    this.deps.tx.run(() => this.repo.removeFavorite(uid, type, symbol));
  }

  // ---- group commit -------------------------------------------------------------------------------------------

  beginCommand(): void {
    this.desk.mutated.clear();
  }

  commandSucceeded(): void {
    this.desk.mutated.clear();
  }

  commandRefused(error: unknown): boolean {
    // Refusals come before the engine is touched (the engine's own leave the book unchanged) and before anything is
    // recorded in the batch's effects or rows; anything else is a failure the batch must roll back.
    return error instanceof DomainError && this.desk.mutated.size === 0;
  }

  beforeCommit(): void {
    this.desk.writeBatch();
  }

  batchCommitted(): void {
    const effects = this.batchEffects;
    this.batchEffects = new Effects();
    this.publish(effects);
  }

  batchFailed(): boolean {
    const touched = new Set([...this.batchEffects.touched, ...this.desk.mutated]);
    this.batchEffects = new Effects();
    this.desk.mutated.clear();
    this.desk.discardBatch();
    try {
      for (const rt of touched) {
        this.desk.rebuild(rt);
        this.publishDepth(rt);
      }
    } catch (error) {
      this.halted = true;
      this.deps.log.fatal({ err: error }, 'spot books cannot be rebuilt from the database; trading halted');
    }
    return !this.halted;
  }

  /** Rebuilds every book from the open orders in the database, as a restart does; subscribers get snapshots. */
  rebuildBooks(): void {
    for (const rt of this.desk.runtimes()) {
      this.desk.rebuild(rt);
      this.publishDepth(rt);
    }
  }

  /** Trades since an instant: how many, their volume in each quote asset, and the fees users paid (the dashboard). */
  activitySince(since: number): { trades: number; volume: AssetAmount[]; fees: AssetAmount[] } {
    let trades = 0;
    const volume = new AssetTally();
    const fees = new AssetTally();
    for (const row of this.repo.activitySince(since)) {
      trades += Number(row.n);
      volume.add(row.quote, row.volume);
      fees.add(row.base, row.base_fees);
      fees.add(row.quote, row.quote_fees);
    }
    return { trades, volume: volume.list(), fees: fees.list() };
  }

  /** Group-commit counters (batches, commands, queued), for benchmarks and the operator. */
  commitStats(): { batches: number; commands: number; queued: number } {
    return this.commits.stats();
  }

  // ---- publishing ---------------------------------------------------------------------------------------------

  private publish(effects: Effects): void {
    if (effects.empty) return;
    for (const rt of effects.touched) this.publishDepth(rt);
    const { hub } = this.deps;
    for (const { order, fills } of effects.orders.values()) {
      const uid = order.trader.uid;
      if (uid === null) continue;
      const data = new LazyJson<OrderFrame>(() => ({
        order: orderView(order),
        fills: fills.map((f) => fillView(order, f)),
      }));
      hub.publishToUser(uid, 'spot-entrust-order', data);
      if (order.status !== 'open' && order.status !== 'partial') hub.publishToUser(uid, 'spot history-order', data);
    }
    if (effects.trades.length === 0) return;
    for (const t of effects.trades) this.ownStats.get(t.market.id)?.add(t.price, t.qty, t.sellerQuote, t.ts);
    if (this.tradeListeners.length === 0) return;
    const events: TradeEvent[] = effects.trades.map((t) => ({
      id: t.id,
      symbol: t.market.symbol,
      marketId: t.market.id,
      price: formatDecimal(BigInt(t.price), t.market.pricePrecision),
      quantity: formatDecimal(BigInt(t.qty), t.market.qtyPrecision),
      quote: formatDecimal(t.sellerQuote, t.market.quoteScale),
      priceUnits: t.price,
      qtyUnits: t.qty,
      quoteUnits: t.sellerQuote,
      takerSide: t.takerSide,
      ts: t.ts,
      makerOrderId: t.maker.id,
      takerOrderId: t.taker.id,
      maker: ownerOf(t.maker.trader),
      taker: ownerOf(t.taker.trader),
      buyerFee: t.buyerFee,
      sellerFee: t.sellerFee,
    }));
    for (const listener of this.tradeListeners) {
      try {
        listener(events);
      } catch (error) {
        this.deps.log.error({ err: error }, 'a spot trade listener failed');
      }
    }
  }

  /** Sends what changed in a book since the last frame (or a snapshot after a rebuild) to its subscribers. */
  private publishDepth(rt: MarketRuntime): void {
    const diff = rt.book.drainChangedLevels();
    const { hub } = this.deps;
    const symbol = rt.market.symbol;
    if (rt.snapshotDue) {
      rt.snapshotDue = false;
      rt.depthSeq = rt.book.sequence;
      if (hub.subscriberCount('spot-depth', symbol) > 0) hub.publish('spot-depth', symbol, this.depthSnapshot(rt));
      return;
    }
    if (diff.changes.length === 0) return;
    const prevSeq = rt.depthSeq;
    rt.depthSeq = diff.toSeq;
    if (hub.subscriberCount('spot-depth', symbol) === 0) return;
    const { bids, asks } = changedLevels(rt.market, diff.changes);
    const frame: DepthFrame = {
      type: 'diff',
      symbol,
      seq: diff.toSeq,
      prevSeq,
      bids,
      asks,
      ts: this.deps.clock.now(),
    };
    hub.publish('spot-depth', symbol, frame);
  }

  // ---- live channels ------------------------------------------------------------------------------------------

  depthChannel(): ChannelSpec<{ symbol: string }> {
    return {
      name: 'spot-depth',
      params: z.object({ symbol: MarketSymbol }),
      topic: (p) => p.symbol,
      snapshot: (p) => {
        const rt = this.desk.runtime(p.symbol);
        return rt ? this.depthSnapshot(rt) : undefined;
      },
    };
  }

  entrustChannel(): ChannelSpec {
    return { name: 'spot-entrust-order', private: true };
  }

  historyChannel(): ChannelSpec {
    return { name: 'spot history-order', private: true };
  }

  // ---- checks -------------------------------------------------------------------------------------------------

  /** Per `owner:asset`, what the resting orders hold frozen (tests compare it with the ledger's frozen balances). */
  frozenByOrders(): Map<string, bigint> {
    return this.desk.frozenByOrders();
  }

  /** Resting orders whose frozen amount differs from what they need (see OrderDesk.reserveProblems). */
  reserveProblems(): string[] {
    return this.desk.reserveProblems();
  }

  /** Resting orders whose ledger hold (`order:<id>`) is not exactly what they hold frozen. */
  holdProblems(): string[] {
    const problems: string[] = [];
    for (const o of this.desk.restingOrders()) {
      const hold = this.deps.ledger.holdOf(holderOf(o.id));
      if ((hold?.amount ?? 0n) !== o.frozen)
        problems.push(`order ${o.id} holds ${o.frozen}, its hold is ${hold?.amount}`);
    }
    return problems;
  }

  /** The trader behind a user or system owner (tests, market makers). */
  trader(owner: OrderOwner): Trader {
    return this.traders.resolve(owner);
  }
}

function invalid(field: string): DomainError {
  return new DomainError('INVALID_PARAMS', { detail: field });
}

function positiveUnits(value: string, decimals: number, field: string): number {
  const units = parseUnits(value, decimals, () => invalid(field));
  if (units === 0) throw invalid(field);
  return units;
}
