import {
  type Candle,
  formatDecimal,
  KLINE_PERIODS,
  type KlineFrame,
  type KlineListFrame,
  type KlinePeriod,
  type MarketEvent,
  type PublicTrade,
  rescale,
  type SpotMarket,
  type Ticker,
  type TickerFrame,
} from '@bourse/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { JobDefinition } from '../../platform/jobs';
import type { Hub } from '../../ws/hub';
import {
  addTrade,
  type CandleUnits,
  candleFromTrade,
  fillRange,
  PERIOD_MS,
  periodStart,
  type SeriesScales,
  toWireCandle,
  type TradeUnits,
} from './candles';
import { type DetectedEvent, EventDetector, type EventThresholds } from './event-detector';
import type { MarketTrade, SpotFeed } from './ports';
import { INDEX_SCALE, type IndexPrice, type PriceSource } from './price-source';
import type { MarketRepo, StoredEvent } from './repo';
import { RollingTicker } from './rolling-ticker';

export interface MarketDataOptions {
  thresholds: EventThresholds;
  /** How often the `ticker` and `kline` channels send what changed (ms): the `market.publish` job. */
  publishMs: number;
  /** How often changed candles are written (ms): the `market.flush` job. */
  flushMs: number;
  /** Events older than this are deleted (ms). */
  eventRetentionMs: number;
}

export interface MarketDataDeps {
  tx: Transactions;
  repo: MarketRepo;
  clock: Clock;
  log: Logger;
  hub: Hub;
  /** The quote asset's ledger scale (quote volumes are counted in ledger units). */
  assetScale: (asset: string) => number;
}

interface SeriesState {
  symbol: string;
  scales: SeriesScales;
  /** The newest candle of each period (the one trades go into). */
  current: Map<KlinePeriod, CandleUnits>;
  /** Candles changed since the last flush, by `${period}:${t}`. */
  dirty: Map<string, { period: KlinePeriod; candle: CandleUnits }>;
  ticker: RollingTicker;
  lastTradeId: number;
  flushedTradeId: number;
  /** Set while the history is being written: trades wait here and are applied afterwards. */
  buffer: MarketTrade[] | null;
  /** Periods whose current candle changed since the last `kline` frame. */
  klineChanged: Set<KlinePeriod>;
  tickerChanged: boolean;
  lastBidAsk: string;
}

const TICKER_SNAPSHOT_EVENTS = 20;
const RECOVERY_BATCH = 5000;

/**
 * Market data from real trades: candles of every period (kept incrementally, written in batches), rolling 24-hour
 * tickers, the live events of spec §2, and the public channels that push them. Trades come from the spot module's
 * after-commit feed; nothing here rescans trades except to catch up after a restart.
 */
export class MarketData {
  private spot: SpotFeed | null = null;
  private priceSource: PriceSource | null = null;
  private readonly series = new Map<string, SeriesState>();
  private readonly detector: EventDetector;
  private pendingEvents: MarketEvent[] = [];
  private marketCache: { at: number; list: SpotMarket[]; bySymbol: Map<string, SpotMarket> } | null = null;
  private closed = false;

  constructor(
    private readonly deps: MarketDataDeps,
    private readonly options: MarketDataOptions,
  ) {
    this.detector = new EventDetector(options.thresholds);
  }

  // ---- wiring ----------------------------------------------------------------------------------------------------

  /** Connects the trade feed and catches candles up with trades written since the last flush. */
  attach(spot: SpotFeed): void {
    this.spot = spot;
    spot.onTrades((trades) => this.onTrades(trades));
    const symbols = new Set([
      ...this.deps.repo.allSeries().map((r) => r.symbol),
      ...spot.markets().map((m) => m.symbol),
    ]);
    for (const symbol of symbols) this.catchUp(symbol);
  }

  /**
   * Market data's time rules, run by the scheduler (newest slot only: each one works from the state at the time it
   * runs, so a skipped slot loses nothing): writing changed candles, pushing what changed, the candle close at each
   * minute, and the pruning of old events.
   */
  jobs(): JobDefinition[] {
    return [
      {
        name: 'flush',
        description: 'Write changed candles and each market’s newest trade in them, in one transaction',
        everyMs: this.options.flushMs,
        catchUp: 'latest',
        run: () => this.writePending(),
      },
      {
        name: 'publish',
        description: 'Push changed tickers, new events and changed candles on the ticker and kline channels',
        everyMs: this.options.publishMs,
        catchUp: 'latest',
        run: ({ now }) => this.publishChanges(now),
      },
      {
        name: 'candles',
        description: 'Candle close: at each minute, the periods ending there open their next candle on the channels',
        everyMs: PERIOD_MS['1m'],
        catchUp: 'latest',
        run: ({ at, now }) => this.closeCandles(at, now),
      },
      {
        name: 'events-prune',
        description: 'Delete live market events older than the retention (7 days)',
        everyMs: 3_600_000,
        catchUp: 'latest',
        run: ({ now }) => this.deps.repo.pruneEvents(now - this.options.eventRetentionMs),
      },
    ];
  }

  usePriceSource(source: PriceSource): void {
    this.priceSource = source;
  }

  /** Writes what is pending; trades arriving afterwards are ignored. */
  close(): void {
    this.closed = true;
    this.flush();
  }

  /** The spot markets, read at most once a second (tickers of every market are asked for on every list). */
  markets(): SpotMarket[] {
    return this.marketList().list;
  }

  hasMarket(symbol: string): boolean {
    return this.marketList(symbol).bySymbol.has(symbol);
  }

  /** Forgets the cached market list (markets were created or changed). */
  refreshMarkets(): SpotMarket[] {
    this.marketCache = null;
    return this.markets();
  }

  private marketList(wanted?: string): { list: SpotMarket[]; bySymbol: Map<string, SpotMarket> } {
    const now = performance.now();
    const cached = this.marketCache;
    if (cached && now - cached.at < 1000 && (wanted === undefined || cached.bySymbol.has(wanted))) return cached;
    const list = this.feed().markets();
    this.marketCache = { at: now, list, bySymbol: new Map(list.map((m) => [m.symbol, m])) };
    return this.marketCache;
  }

  /** The newest one-minute close in index units (the simulator resumes there after a restart). */
  lastClose(symbol: string): bigint | null {
    const row = this.deps.repo.series(symbol);
    const candle = row ? this.deps.repo.newestCandle(symbol, '1m') : null;
    return row && candle ? rescale(candle.c, row.scales.price, INDEX_SCALE, 'down') : null;
  }

  market(symbol: string): SpotMarket {
    const market = this.marketList(symbol).bySymbol.get(symbol);
    if (!market) throw new DomainError('MARKET_NOT_FOUND');
    return market;
  }

  scalesOf(market: SpotMarket): SeriesScales {
    return {
      price: market.pricePrecision,
      quantity: market.quantityPrecision,
      quote: this.deps.assetScale(market.quote),
    };
  }

  // ---- trades in -------------------------------------------------------------------------------------------------

  private onTrades(trades: readonly MarketTrade[]): void {
    if (this.closed) return;
    const bySymbol = new Map<string, MarketTrade[]>();
    for (const trade of trades) {
      const list = bySymbol.get(trade.symbol);
      if (list) list.push(trade);
      else bySymbol.set(trade.symbol, [trade]);
    }
    for (const [symbol, list] of bySymbol) {
      try {
        this.applyTrades(symbol, list, true);
      } catch (error) {
        this.deps.log.error({ err: error, symbol }, 'market data could not take trades');
      }
    }
  }

  private applyTrades(symbol: string, trades: readonly MarketTrade[], live: boolean): void {
    const state = this.state(symbol);
    if (state.buffer) {
      state.buffer.push(...trades);
      return;
    }
    const units: TradeUnits[] = [];
    for (const trade of trades) {
      if (trade.id <= state.lastTradeId) continue;
      const unit: TradeUnits = {
        id: trade.id,
        price: BigInt(trade.priceUnits),
        quantity: BigInt(trade.qtyUnits),
        quote: trade.quoteUnits,
        side: trade.takerSide,
        ts: trade.ts,
        takerOrderId: trade.takerOrderId,
      };
      this.addToCandles(state, unit);
      state.ticker.addTrade(unit);
      state.lastTradeId = trade.id;
      units.push(unit);
    }
    if (units.length === 0) return;
    state.tickerChanged = true;
    const events = this.detector.detect(symbol, state.scales, units);
    if (events.length > 0) this.recordEvents(state, events);
    if (live) this.publishTrades(state, units);
  }

  private addToCandles(state: SeriesState, trade: TradeUnits): void {
    for (const period of KLINE_PERIODS) {
      const t = periodStart(trade.ts, period);
      const current = state.current.get(period);
      let candle: CandleUnits;
      if (!current || t > current.t) {
        candle = candleFromTrade(t, trade);
        state.current.set(period, candle);
      } else if (t === current.t) {
        candle = current;
        addTrade(candle, trade);
      } else {
        // A trade older than the current candle (clock skew): it still belongs to its own period.
        const key = `${period}:${t}`;
        const stored = state.dirty.get(key)?.candle ?? this.deps.repo.candle(state.symbol, period, t);
        candle = stored ?? candleFromTrade(t, trade);
        if (stored) addTrade(candle, trade);
      }
      state.dirty.set(`${period}:${candle.t}`, { period, candle });
      state.klineChanged.add(period);
    }
  }

  /**
   * Stores and queues what the detector found. The cooldown is checked against the stored events too: after a
   * restart the detector starts afresh and the trades not yet flushed are replayed, so an event it found just before
   * the stop would otherwise be stored (and shown) twice.
   */
  private recordEvents(state: SeriesState, events: DetectedEvent[]): void {
    const { repo } = this.deps;
    const cooldown = this.options.thresholds.cooldownMs;
    const stored = this.deps.tx.run(() =>
      events
        .filter((e) => {
          const last = repo.lastEventTs(e.symbol, e.type);
          return last === null || e.ts - last >= cooldown;
        })
        .map((e) => ({ ...e, id: repo.insertEvent(e) }) satisfies StoredEvent),
    );
    for (const e of stored) this.pendingEvents.push(this.eventView(e, state.scales));
  }

  /** Writes changed candles and how far each market's candles have come (`writePending`); a failure is logged. */
  flush(): void {
    try {
      this.writePending();
    } catch (error) {
      this.deps.log.error({ err: error }, 'market data could not be written');
    }
  }

  /**
   * Writes changed candles and how far each market's candles have come, in one transaction (the caller's, when one
   * is open: the `market.flush` job's, with its slot). They count as written once it commits.
   */
  writePending(): void {
    const pending = [...this.series.values()].filter((s) => s.dirty.size > 0 || s.lastTradeId > s.flushedTradeId);
    if (pending.length === 0) return;
    const { tx, repo } = this.deps;
    tx.run(() => {
      for (const state of pending) {
        for (const { period, candle } of state.dirty.values()) repo.upsertCandle(state.symbol, period, candle);
        if (state.lastTradeId > state.flushedTradeId) repo.setLastTradeId(state.symbol, state.lastTradeId);
      }
      tx.afterCommit(() => {
        for (const state of pending) {
          state.dirty.clear();
          state.flushedTradeId = state.lastTradeId;
        }
      });
    });
  }

  /** Applies the trades written since the last flush (a restart, or a crash between commit and flush). */
  catchUp(symbol: string): void {
    if (!this.hasMarket(symbol)) return;
    const state = this.state(symbol);
    for (;;) {
      const trades = this.feed().tradesSince(symbol, state.lastTradeId, RECOVERY_BATCH);
      if (trades.length === 0) break;
      this.applyTrades(symbol, trades, false);
      if (trades.length < RECOVERY_BATCH) break;
    }
    this.flush();
  }

  // ---- series state ----------------------------------------------------------------------------------------------

  private state(symbol: string): SeriesState {
    const existing = this.series.get(symbol);
    if (existing) return existing;
    let row = this.deps.repo.series(symbol);
    if (!row) {
      const market = this.market(symbol);
      this.deps.tx.run(() => this.deps.repo.createSeries(symbol, this.scalesOf(market), this.deps.clock.now()));
      row = this.deps.repo.series(symbol);
      if (!row) throw new Error(`series ${symbol} could not be created`);
    }
    const state: SeriesState = {
      symbol,
      scales: row.scales,
      current: new Map(),
      dirty: new Map(),
      ticker: new RollingTicker(),
      lastTradeId: row.lastTradeId,
      flushedTradeId: row.lastTradeId,
      buffer: null,
      klineChanged: new Set(),
      tickerChanged: true,
      lastBidAsk: '',
    };
    this.load(state);
    this.series.set(symbol, state);
    return state;
  }

  /** Reads the current candles and the last 24 hours of minutes from storage. */
  private load(state: SeriesState): void {
    state.current.clear();
    for (const period of KLINE_PERIODS) {
      const newest = this.deps.repo.newestCandle(state.symbol, period);
      if (newest) state.current.set(period, newest);
    }
    const now = this.deps.clock.now();
    const from = periodStart(now, '1m') - 24 * 3_600_000 + PERIOD_MS['1m'];
    state.ticker = new RollingTicker();
    state.ticker.seed(
      this.deps.repo.candlesBetween(state.symbol, '1m', from, Number.MAX_SAFE_INTEGER),
      this.deps.repo.candleBefore(state.symbol, '1m', from)?.c ?? null,
    );
  }

  /** Holds a market's trades while its history is written; they are applied when `endHistory` is called. */
  beginHistory(symbol: string): SeriesState {
    const state = this.state(symbol);
    state.buffer ??= [];
    return state;
  }

  endHistory(symbol: string): void {
    const state = this.state(symbol);
    const buffered = state.buffer ?? [];
    state.buffer = null;
    this.load(state);
    state.tickerChanged = true;
    for (const period of KLINE_PERIODS) state.klineChanged.add(period);
    if (buffered.length > 0) this.applyTrades(symbol, buffered, true);
  }

  /** Whether a market has history to keep: trades seen, or candles stored. */
  hasHistory(symbol: string): { trades: boolean; candles: boolean } {
    const row = this.deps.repo.series(symbol);
    return {
      trades: (row?.lastTradeId ?? 0) > 0 || this.feed().recentTrades(symbol, 1).length > 0,
      candles: this.deps.repo.candleCount(symbol) > 0,
    };
  }

  // ---- reads -----------------------------------------------------------------------------------------------------

  ticker(symbol: string): Ticker {
    const market = this.market(symbol);
    const state = this.state(symbol);
    const now = this.deps.clock.now();
    const stats = state.ticker.stats(now);
    const { bid, ask } = this.feed().bestBidAsk(symbol);
    const fmt = (v: bigint) => formatDecimal(v, state.scales.price);
    if (!stats) {
      const index = this.indexAtMarket(symbol, market);
      const last = index === null ? '0' : fmt(index);
      return {
        symbol,
        last,
        open: last,
        high: last,
        low: last,
        volume: '0',
        quoteVolume: '0',
        change: '0',
        changePercent: '0.00',
        bid,
        ask,
        ts: now,
      };
    }
    const change = stats.last - stats.open;
    const percent = stats.open > 0n ? (change * 10_000n) / stats.open : 0n;
    return {
      symbol,
      last: fmt(stats.last),
      open: fmt(stats.open),
      high: fmt(stats.high),
      low: fmt(stats.low),
      volume: formatDecimal(stats.volume, state.scales.quantity),
      quoteVolume: formatDecimal(stats.quoteVolume, state.scales.quote),
      change: formatDecimal(change, state.scales.price),
      changePercent: formatDecimal(percent, 2, 2),
      bid,
      ask,
      ts: now,
    };
  }

  tickers(): Ticker[] {
    return this.markets().map((m) => this.ticker(m.symbol));
  }

  /** The index price at the market's precision (rounded down), or null when the price source has none yet. */
  private indexAtMarket(symbol: string, market: SpotMarket): bigint | null {
    const index = this.priceSource?.price(symbol) ?? null;
    return index === null ? null : rescale(index.price, INDEX_SCALE, market.pricePrecision, 'down');
  }

  indexPrice(symbol: string): IndexPrice | null {
    return this.priceSource?.price(symbol) ?? null;
  }

  /** Candles opening before `before` (default: up to now), oldest first, periods without trades filled flat. */
  candles(symbol: string, period: KlinePeriod, limit: number, before?: number): Candle[] {
    this.market(symbol);
    const state = this.state(symbol);
    const now = this.deps.clock.now();
    const end = before === undefined ? now : Math.min(before - 1, now);
    const last = periodStart(end, period);
    let first = last;
    for (let i = 1; i < limit; i++) first = periodStart(first - 1, period);
    this.flushSeries(state);
    const stored = this.deps.repo.candlesBetween(symbol, period, first, last);
    const prior = this.deps.repo.candleBefore(symbol, period, first);
    return fillRange(stored, prior, first, last, period).map((c) => toWireCandle(c, state.scales));
  }

  /** The newest candle of a period (flat at the last close when nothing traded in it yet), or null before any. */
  currentCandle(symbol: string, period: KlinePeriod): Candle | null {
    const state = this.state(symbol);
    const candle = this.liveCandle(state, period, this.deps.clock.now());
    return candle ? toWireCandle(candle, state.scales) : null;
  }

  /** The candle of the period `now` is in: the current one, or a flat one at its close when nothing traded since. */
  private liveCandle(state: SeriesState, period: KlinePeriod, now: number): CandleUnits | undefined {
    const current = state.current.get(period);
    if (!current) return undefined;
    const t = periodStart(now, period);
    return current.t >= t ? current : { ...current, t, o: current.c, h: current.c, l: current.c, v: 0n, qv: 0n, n: 0 };
  }

  /**
   * The candle close at a minute boundary `at` (the `market.candles` job): each period ending there whose newest
   * candle is older opens its next one — flat at the last close until a trade comes — on `spot-kline` at once and on
   * `kline` with the next publish, so charts move on through quiet periods. (What traded is written every flush;
   * reads fill quiet periods, so nothing is stored here.)
   */
  closeCandles(at: number, now: number): void {
    const { hub } = this.deps;
    const closing = KLINE_PERIODS.filter((period) => periodStart(at, period) === at);
    for (const state of this.series.values()) {
      for (const period of closing) {
        const current = state.current.get(period);
        if (!current || current.t >= at) continue;
        state.klineChanged.add(period);
        const topic = `${state.symbol}:${period}`;
        const candle = this.liveCandle(state, period, now);
        if (candle && hub.subscriberCount('spot-kline', topic) > 0) {
          hub.publish('spot-kline', topic, {
            symbol: state.symbol,
            period,
            candle: toWireCandle(candle, state.scales),
          } satisfies KlineFrame);
        }
      }
    }
  }

  events(symbol: string | undefined, limit: number): MarketEvent[] {
    if (symbol !== undefined) this.market(symbol);
    return this.deps.repo.events(symbol, limit).map((e) => {
      const scales = this.series.get(e.symbol)?.scales ?? this.deps.repo.series(e.symbol)?.scales;
      return this.eventView(e, scales ?? { price: 8, quantity: 8, quote: 8 });
    });
  }

  recentTrades(symbol: string, limit: number): PublicTrade[] {
    this.market(symbol);
    return this.feed().recentTrades(symbol, limit);
  }

  private eventView(e: StoredEvent, scales: SeriesScales): MarketEvent {
    return {
      id: e.id,
      symbol: e.symbol,
      type: e.type,
      value: e.value,
      price: formatDecimal(e.price, scales.price),
      ts: e.ts,
    };
  }

  private flushSeries(state: SeriesState): void {
    if (state.dirty.size > 0) this.flush();
  }

  // ---- live channels ---------------------------------------------------------------------------------------------

  /** `spot-ticker` and `spot-kline` go out at once, with the trades that changed them. */
  private publishTrades(state: SeriesState, trades: readonly TradeUnits[]): void {
    const { hub } = this.deps;
    if (hub.subscriberCount('spot-ticker', state.symbol) > 0) {
      const fmtP = (v: bigint) => formatDecimal(v, state.scales.price);
      const fmtQ = (v: bigint) => formatDecimal(v, state.scales.quantity);
      hub.publish('spot-ticker', state.symbol, {
        ticker: this.ticker(state.symbol),
        trades: trades.map((t) => ({
          id: t.id,
          price: fmtP(t.price),
          quantity: fmtQ(t.quantity),
          side: t.side,
          ts: t.ts,
        })),
      });
    }
    for (const period of KLINE_PERIODS) {
      const topic = `${state.symbol}:${period}`;
      if (hub.subscriberCount('spot-kline', topic) === 0) continue;
      const candle = state.current.get(period);
      if (candle)
        hub.publish('spot-kline', topic, {
          symbol: state.symbol,
          period,
          candle: toWireCandle(candle, state.scales),
        } satisfies KlineFrame);
    }
  }

  /** Once per `publishMs` (`market.publish`): changed tickers and new events on `ticker`, changed candles on `kline`. */
  publishChanges(now: number = this.deps.clock.now()): void {
    if (!this.spot) return;
    const { hub } = this.deps;
    const tickers: Ticker[] = [];
    const tickerWanted = hub.subscriberCount('ticker') > 0;
    for (const market of this.markets()) {
      const state = this.series.get(market.symbol);
      if (!state) continue;
      const top = this.feed().bestBidAsk(market.symbol);
      const bidAsk = `${top.bid}|${top.ask}`;
      if (state.ticker.roll(now) || bidAsk !== state.lastBidAsk) state.tickerChanged = true;
      state.lastBidAsk = bidAsk;
      if (state.tickerChanged) {
        if (tickerWanted) tickers.push(this.ticker(market.symbol));
        state.tickerChanged = false;
      }
    }
    const events = this.pendingEvents;
    this.pendingEvents = [];
    if (tickers.length > 0 || events.length > 0) hub.publish('ticker', '', { tickers, events } satisfies TickerFrame);
    for (const period of KLINE_PERIODS) {
      const frames: KlineFrame[] = [];
      const wanted = hub.subscriberCount('kline', period) > 0;
      for (const state of this.series.values()) {
        if (!state.klineChanged.delete(period) || !wanted) continue;
        const current = state.current.get(period);
        const live = this.liveCandle(state, period, now);
        // A period that closed since: its last state, then the next one (flat until a trade comes).
        if (current) frames.push({ symbol: state.symbol, period, candle: toWireCandle(current, state.scales) });
        if (live && live !== current) {
          frames.push({ symbol: state.symbol, period, candle: toWireCandle(live, state.scales) });
        }
      }
      if (frames.length > 0) hub.publish('kline', period, frames satisfies KlineListFrame);
    }
  }

  tickerSnapshot(): TickerFrame {
    return { tickers: this.tickers(), events: this.events(undefined, TICKER_SNAPSHOT_EVENTS) };
  }

  klineSnapshot(period: KlinePeriod): KlineListFrame {
    const frames: KlineFrame[] = [];
    for (const market of this.markets()) {
      const candle = this.currentCandle(market.symbol, period);
      if (candle) frames.push({ symbol: market.symbol, period, candle });
    }
    return frames;
  }

  private feed(): SpotFeed {
    if (!this.spot) throw new Error('market data used before the spot feed was attached');
    return this.spot;
  }
}
