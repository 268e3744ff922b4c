import type { Exchange as BaseExchange } from 'ccxt';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import type { JobDefinition } from '../../platform/jobs';
import { INDEX_SCALE, type IndexListener, IndexListeners, type IndexPrice, type PriceSource } from './price-source';
import { toUnits } from './simulator';

/** The part of a ccxt exchange this source uses (a real `ccxt.binance` satisfies it; tests inject one). */
export interface TickerExchange {
  loadMarkets(): Promise<Record<string, unknown>>;
  fetchTickers(symbols?: string[]): Promise<Record<string, { symbol?: string; last?: number; timestamp?: number }>>;
}

export interface CcxtSourceOptions {
  /** The exchange object, or how to build it (a lazy `import('ccxt')`, so ccxt costs nothing unless chosen). */
  exchange: TickerExchange | (() => Promise<TickerExchange>);
  clock: Clock;
  log: Logger;
  pollMs: number;
  /** Prices markets the exchange does not list (the platform token), and all of them until the first answer. */
  fallback?: PriceSource;
}

/** `BTC_USDT` → `BTC/USDT` (ccxt's unified symbol). */
export function ccxtSymbol(symbol: string): string {
  return symbol.replace('_', '/');
}

/**
 * Index prices from a real exchange's public tickers through ccxt (no keys: public data only). Polled every `pollMs`
 * by the scheduler's `market.ccxt` job; a failed poll keeps the last prices and is recorded. ccxt gives prices as JS numbers: each is turned into
 * integer index units at once (`toUnits`) and never used as a float again.
 */
export class CcxtPriceSource implements PriceSource {
  readonly name = 'ccxt';
  private readonly symbols = new Set<string>();
  private readonly prices = new Map<string, IndexPrice>();
  private readonly listeners = new IndexListeners();
  private exchange: TickerExchange | null = null;
  private listed: Set<string> | null = null;
  private started = false;
  private polling: Promise<void> | null = null;
  private unsubscribeFallback: (() => void) | null = null;
  private failures = 0;

  constructor(private readonly options: CcxtSourceOptions) {}

  track(symbols: readonly string[]): void {
    for (const symbol of symbols) this.symbols.add(symbol);
    this.options.fallback?.track(symbols);
  }

  price(symbol: string): IndexPrice | null {
    return this.prices.get(symbol) ?? this.options.fallback?.price(symbol) ?? null;
  }

  subscribe(listener: IndexListener): () => void {
    return this.listeners.add(listener);
  }

  /**
   * The poll every `pollMs` (`market.ccxt`, newest slot only: a missed poll is not worth repeating) and the
   * fallback's steps. A failed poll keeps the last prices; the scheduler records it and the next slot tries again.
   */
  jobs(): JobDefinition[] {
    return [
      {
        name: 'ccxt',
        description: 'Poll the price exchange’s public tickers through ccxt (index prices)',
        everyMs: this.options.pollMs,
        catchUp: 'latest',
        runAsync: () => this.fetchPrices(),
      },
      ...(this.options.fallback?.jobs() ?? []),
    ];
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const fallback = this.options.fallback;
    if (fallback) {
      // The fallback speaks only for the markets the exchange does not price.
      this.unsubscribeFallback = fallback.subscribe((updates) =>
        this.emit(updates.filter((u) => !this.prices.has(u.symbol))),
      );
      fallback.start();
    }
  }

  stop(): void {
    this.started = false;
    this.unsubscribeFallback?.();
    this.options.fallback?.stop();
  }

  /** One poll that never fails: a failure keeps the last prices and is logged (the first, then every 20th). */
  poll(): Promise<void> {
    return this.fetchPrices().catch((error: unknown) => {
      if (this.failures++ % 20 === 0) this.options.log.warn({ err: error }, 'ccxt price poll failed');
    });
  }

  /** One poll, shared by concurrent callers (a slow answer is not overtaken by the next poll); rejects on failure. */
  private fetchPrices(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    // Nothing to price yet (before the market starts): the exchange is not asked.
    if (this.symbols.size === 0) return;
    const exchange = await this.connect();
    if (!this.listed) this.listed = new Set(Object.keys(await exchange.loadMarkets()));
    const wanted = [...this.symbols].filter((s) => this.listed?.has(ccxtSymbol(s)));
    if (wanted.length === 0) return;
    const tickers = await exchange.fetchTickers(wanted.map(ccxtSymbol));
    const now = this.options.clock.now();
    const updates: IndexPrice[] = [];
    for (const symbol of wanted) {
      const last = tickers[ccxtSymbol(symbol)]?.last;
      if (last === undefined || !Number.isFinite(last) || last <= 0) continue;
      const update = { symbol, price: toUnits(last, INDEX_SCALE), ts: now };
      this.prices.set(symbol, update);
      updates.push(update);
    }
    this.failures = 0;
    this.emit(updates);
  }

  private async connect(): Promise<TickerExchange> {
    if (!this.exchange) {
      const { exchange } = this.options;
      this.exchange = typeof exchange === 'function' ? await exchange() : exchange;
    }
    return this.exchange;
  }

  private emit(updates: readonly IndexPrice[]): void {
    this.listeners.emit(updates, (error) => this.options.log.error({ err: error }, 'index listener failed'));
  }
}

/** Builds a ccxt exchange by id, loading ccxt only now (it is large). Public endpoints only, no keys. */
export async function loadCcxtExchange(id: string): Promise<TickerExchange> {
  const { exchanges } = await import('ccxt');
  if (!Object.hasOwn(exchanges, id)) throw new Error(`unknown ccxt exchange: ${id}`);
  const Exchange: typeof BaseExchange = exchanges[id as keyof typeof exchanges];
  const exchange: TickerExchange = new Exchange({
    enableRateLimit: true,
    options: { defaultType: 'spot', fetchMarkets: { types: ['spot'] } },
  });
  return exchange;
}
