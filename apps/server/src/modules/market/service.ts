import { parseDecimal } from '@bourse/contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Transactions } from '../../lib/tx';
import type { JobDefinition } from '../../platform/jobs';
import type { Hub } from '../../ws/hub';
import type { LedgerService } from '../ledger';
import { system } from '../ledger';
import { backfillWindow, historyCandles, simulateHistory, writeHistory } from './backfill';
import { CcxtPriceSource, loadCcxtExchange } from './ccxt-source';
import { DEFAULT_THRESHOLDS } from './event-detector';
import { MarketData } from './market-data';
import { type BotAccounts, DEFAULT_MAKER_OPTIONS, MAKER_OWNER, MarketMakers, TAKER_OWNER } from './market-maker';
import type { SpotDesk, SpotFeed } from './ports';
import { INDEX_SCALE, type IndexPrice, type PriceSource } from './price-source';
import { profileFor } from './profiles';
import { createMarketRepo, type MarketRepo } from './repo';
import { fromUnits, PriceSimulator } from './simulator';

/** The market module's settings (from `config.market`). */
export interface MarketSettings {
  priceSource: 'simulator' | 'ccxt';
  seed: string;
  /** Index at install time per symbol (decimal strings), overriding the asset profiles. */
  startPrices: Record<string, string>;
  stepMs: number;
  ccxt: { exchange: string; pollMs: number };
  makers: { enabled: boolean; intervalMs: number; takesPerMinute: number };
  /** Days of simulated minute history and of hour history written at first start (0 = none). */
  history: { minuteDays: number; hourDays: number };
  events: { move5mPercent: string; abnormal1mPercent: string; largeTradeQuote: string | undefined; cooldownMs: number };
  publishMs: number;
}

export interface MarketDeps {
  db: Db;
  tx: Transactions;
  clock: Clock;
  log: Logger;
  hub: Hub;
  ledger: LedgerService;
}

export interface BackfillReport {
  markets: number;
  rows: number;
  ms: number;
}

/**
 * The market module: index prices (simulator or ccxt), market data built from real trades (`data`), and the
 * market-maker bots. Boot: `attach` the spot module at build time (trades, tickers, channels work from then on);
 * `start` after the demo data exists (history backfill in the background, prices, bots); `close` on shutdown. What
 * repeats in time is declared in `jobs` and run by the scheduler.
 */
export class MarketService {
  readonly repo: MarketRepo;
  readonly data: MarketData;
  readonly prices: PriceSource;
  makers: MarketMakers | null = null;
  private spot: { feed: SpotFeed; desk: SpotDesk } | null = null;
  private fund: BotAccounts['fund'] | null = null;
  private backfill: Promise<BackfillReport> | null = null;
  private makersStarting: Promise<MarketMakers | null> | null = null;
  private started = false;
  private closed = false;

  constructor(
    private readonly deps: MarketDeps,
    private readonly settings: MarketSettings,
  ) {
    this.repo = createMarketRepo(deps.db);
    const largeTrade = settings.events.largeTradeQuote;
    this.data = new MarketData(
      {
        tx: deps.tx,
        repo: this.repo,
        clock: deps.clock,
        log: deps.log,
        hub: deps.hub,
        assetScale: (asset) => deps.ledger.asset(asset).scale,
      },
      {
        thresholds: {
          ...DEFAULT_THRESHOLDS,
          move5mPercent: settings.events.move5mPercent,
          abnormal1mPercent: settings.events.abnormal1mPercent,
          cooldownMs: settings.events.cooldownMs,
          largeTradeQuote: largeTrade ?? DEFAULT_THRESHOLDS.largeTradeQuote,
          // Without a configured amount, "large" depends on the market: twelve typical orders of its bots.
          largeTradeBySymbol:
            largeTrade === undefined ? (symbol) => String(profileFor(symbol).quoteSize * 12) : undefined,
        },
        publishMs: settings.publishMs,
        flushMs: 250,
        eventRetentionMs: 7 * 24 * 3_600_000,
      },
    );
    const simulator = new PriceSimulator({
      seed: settings.seed,
      clock: deps.clock,
      startPrices: settings.startPrices,
      stepMs: settings.stepMs,
      resumeFrom: (symbol) => this.data.lastClose(symbol),
      onError: (error) => deps.log.error({ err: error }, 'index listener failed'),
    });
    this.prices =
      settings.priceSource === 'ccxt'
        ? new CcxtPriceSource({
            exchange: () => loadCcxtExchange(settings.ccxt.exchange),
            clock: deps.clock,
            log: deps.log,
            pollMs: settings.ccxt.pollMs,
            fallback: simulator,
          })
        : simulator;
    this.data.usePriceSource(this.prices);
  }

  /** Connects the spot module: the trade feed (candles, tickers, events) now, the desk for the bots later. */
  attach(spot: { feed: SpotFeed; desk: SpotDesk }, fund?: BotAccounts['fund']): void {
    this.spot = spot;
    this.fund = fund ?? null;
    this.data.attach(spot.feed);
  }

  /**
   * Starts prices, the history backfill (in the background: `backfilled()` resolves when it is written) and, when
   * enabled, the market makers. Idempotent.
   */
  async start(): Promise<void> {
    if (this.started || this.closed) return;
    this.started = true;
    const symbols = this.data.refreshMarkets().map((m) => m.symbol);
    // Markets created since the feed was attached (the demo data) may have trades to catch up with.
    for (const symbol of symbols) this.data.catchUp(symbol);
    this.prices.track(symbols);
    if (this.prices instanceof CcxtPriceSource) {
      // The history should end at the real price: wait for the first answer, but not for long.
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000)));
      await Promise.race([this.prices.poll(), patience]);
      clearTimeout(timer);
    }
    this.backfill = this.runBackfill(symbols);
    this.prices.start();
    if (!this.settings.makers.enabled) {
      // Bots switched off: quotes left from an earlier run would go stale on the book.
      for (const owner of [MAKER_OWNER, TAKER_OWNER]) {
        await this.requireSpot()
          .desk.cancelAll(owner)
          .catch((error: unknown) => {
            this.deps.log.warn({ err: error, owner }, 'market maker quotes could not be cancelled');
          });
      }
    } else {
      // Funding goes through chain deposits; the server does not wait for it to listen.
      this.makersStarting = this.startMakers().catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'market makers could not start');
        return null;
      });
    }
  }

  /**
   * The module's time rules (the scheduler runs them; nothing here has a timer): the price source's steps or polls,
   * market data's flushes, publishing, candle closes and pruning, new markets, and the market makers' rounds. Jobs
   * that need `start` do nothing before it.
   */
  jobs(): JobDefinition[] {
    const jobs: JobDefinition[] = [...this.prices.jobs(), ...this.data.jobs()];
    jobs.push({
      name: 'markets',
      description: 'Price the markets created since the start (and forget the cached market list)',
      everyMs: 30_000,
      catchUp: 'latest',
      run: () => {
        if (this.started && !this.closed) this.prices.track(this.data.refreshMarkets().map((m) => m.symbol));
      },
    });
    if (this.settings.makers.enabled) {
      jobs.push({
        name: 'makers',
        description: 'A market makers’ round: takes, cancels and new quotes of every market, committed as one group',
        everyMs: this.settings.makers.intervalMs,
        catchUp: 'latest',
        runAsync: async () => {
          if (!this.closed) await this.makers?.cycle();
        },
      });
    }
    return jobs;
  }

  /** Resolves once the market makers are funded and quoting (null when they are off or failed to start). */
  makersReady(): Promise<MarketMakers | null> {
    return this.makersStarting ?? Promise.resolve(this.makers);
  }

  /** Resolves when the first-start history is written (at once when there was none to write). */
  backfilled(): Promise<BackfillReport> {
    return this.backfill ?? Promise.resolve({ markets: 0, rows: 0, ms: 0 });
  }

  async startMakers(): Promise<MarketMakers> {
    if (this.makers) return this.makers;
    if (this.closed) throw new Error('the market module is closed');
    const spot = this.requireSpot();
    const { ledger } = this.deps;
    const accounts: BotAccounts = {
      balance: (owner, asset) => ledger.balance(system(owner, asset)),
      assetScale: (asset) => ledger.asset(asset).scale,
      fund: async (requests) => {
        if (!this.fund) throw new Error('no funding path for the market makers');
        await this.fund(requests);
      },
    };
    this.makers = new MarketMakers(
      {
        spot: spot.feed,
        desk: spot.desk,
        prices: this.prices,
        accounts,
        log: this.deps.log,
        now: () => this.deps.clock.now(),
      },
      {
        ...DEFAULT_MAKER_OPTIONS,
        seed: this.settings.seed,
        takesPerMinute: this.settings.makers.takesPerMinute,
        startPrices: this.settings.startPrices,
      },
    );
    await this.makers.start(this.settings.makers.intervalMs);
    return this.makers;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.makers?.stop();
    this.prices.stop();
    await this.makersStarting;
    this.makers?.stop();
    await this.makers?.settled();
    await this.backfill?.catch(() => undefined);
    this.data.close();
  }

  indexPrice(symbol: string): IndexPrice | null {
    return this.prices.price(symbol);
  }

  // ---- history ---------------------------------------------------------------------------------------------------

  /**
   * At first start each market gets simulated history ending at its current index, so charts are full. A market
   * that has traded, or whose history was written before, is left alone (idempotent). Trades of a market arriving
   * meanwhile wait and are applied once its history is there.
   */
  private async runBackfill(symbols: readonly string[]): Promise<BackfillReport> {
    const started = performance.now();
    const { minuteDays, hourDays } = this.settings.history;
    const report: BackfillReport = { markets: 0, rows: 0, ms: 0 };
    if (minuteDays <= 0 && hourDays <= 0) return report;
    const missing = symbols.filter((symbol) => {
      const row = this.repo.series(symbol);
      return !row?.backfillTo && !this.data.hasHistory(symbol).trades;
    });
    for (const symbol of missing) this.data.beginHistory(symbol);
    const window = backfillWindow(this.deps.clock.now(), minuteDays, hourDays);
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    for (const symbol of missing) {
      try {
        await pause();
        if (this.closed) break;
        const marketStarted = performance.now();
        const market = this.data.market(symbol);
        const scales = this.data.scalesOf(market);
        const profile = profileFor(symbol, this.settings.startPrices);
        const index = this.prices.price(symbol);
        const level = index
          ? fromUnits(index.price, INDEX_SCALE)
          : fromUnits(parseDecimal(profile.start, INDEX_SCALE), INDEX_SCALE);
        const history = simulateHistory(
          {
            symbol,
            scales,
            tick: parseDecimal(market.tickSize, market.pricePrecision),
            step: parseDecimal(market.stepSize, market.quantityPrecision),
            profile,
            level,
            quotePerMinute: this.settings.makers.takesPerMinute * profile.quoteSize,
          },
          this.settings.seed,
          window,
        );
        await pause();
        report.rows += await writeHistory(
          this.deps.tx,
          this.repo,
          symbol,
          historyCandles(history, window),
          window,
          marketStarted,
          pause,
        );
        report.markets++;
      } catch (error) {
        this.deps.log.error({ err: error, symbol }, 'market history backfill failed');
      } finally {
        this.data.endHistory(symbol);
      }
    }
    report.ms = Math.round(performance.now() - started);
    if (report.markets > 0) this.deps.log.info(report, 'market history written');
    return report;
  }

  private requireSpot(): { feed: SpotFeed; desk: SpotDesk } {
    if (!this.spot) throw new Error('the market module needs the spot module attached');
    return this.spot;
  }
}
