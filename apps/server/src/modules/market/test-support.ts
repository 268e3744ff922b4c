import type { KlinePeriod, PublicTrade, SpotMarket } from '@bourse/contract';
import { parseDecimal } from '@bourse/contract';
import pino from 'pino';
import { tempDatabase } from '../../test/db';
import { Transactions } from '../../lib/tx';
import { Hub } from '../../ws/hub';
import { DEFAULT_THRESHOLDS, type EventThresholds } from './event-detector';
import { MarketData } from './market-data';
import type { MarketTrade, SpotFeed } from './ports';
import { createMarketRepo } from './repo';

/** Test support for the market module's service-level tests: a market-data service on a temporary database. */

export class ManualClock {
  constructor(public t: number) {}
  now(): number {
    return this.t;
  }
}

export const BTC: SpotMarket = {
  symbol: 'BTC_USDT',
  base: 'BTC',
  quote: 'USDT',
  category: 'main',
  pricePrecision: 2,
  quantityPrecision: 3,
  tickSize: '0.01',
  stepSize: '0.001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.001',
  priceBandLow: '0.2',
  priceBandHigh: '5',
  status: 'open',
  hot: true,
  sort: 1,
};

/** A spot feed fed by hand: `trade()` commits a trade and tells the listeners, as the spot module does. */
export class FakeFeed implements SpotFeed {
  readonly trades: MarketTrade[] = [];
  private listeners: ((trades: readonly MarketTrade[]) => void)[] = [];
  private nextId = 1;
  top: { bid: string | null; ask: string | null } = { bid: null, ask: null };

  constructor(private readonly list: SpotMarket[] = [BTC]) {}

  markets(): SpotMarket[] {
    return this.list;
  }

  onTrades(listener: (trades: readonly MarketTrade[]) => void): void {
    this.listeners.push(listener);
  }

  /** Records trades without telling anyone (as if the process died before the after-commit hook). */
  record(symbol: string, specs: TradeSpec[]): MarketTrade[] {
    const market = this.list.find((m) => m.symbol === symbol);
    if (!market) throw new Error(symbol);
    const made = specs.map((s) => {
      const priceUnits = parseDecimal(s.price, market.pricePrecision);
      const qtyUnits = parseDecimal(s.qty, market.quantityPrecision);
      // Quote ledger units (scale 8) of price × qty, exact for the test markets.
      const quoteUnits =
        (priceUnits * qtyUnits * 10n ** 8n) / 10n ** BigInt(market.pricePrecision + market.quantityPrecision);
      const trade: MarketTrade = {
        id: this.nextId++,
        symbol,
        priceUnits: Number(priceUnits),
        qtyUnits: Number(qtyUnits),
        quoteUnits,
        takerSide: s.side ?? 'buy',
        ts: s.ts,
        takerOrderId: s.order,
      };
      return trade;
    });
    this.trades.push(...made);
    return made;
  }

  trade(symbol: string, specs: TradeSpec[]): MarketTrade[] {
    const made = this.record(symbol, specs);
    for (const listener of this.listeners) listener(made);
    return made;
  }

  recentTrades(symbol: string, limit: number): PublicTrade[] {
    return this.trades
      .filter((t) => t.symbol === symbol)
      .slice(-limit)
      .reverse()
      .map((t) => ({
        id: t.id,
        price: String(t.priceUnits),
        quantity: String(t.qtyUnits),
        side: t.takerSide,
        ts: t.ts,
      }));
  }

  tradesSince(symbol: string, afterId: number, limit: number): MarketTrade[] {
    return this.trades.filter((t) => t.symbol === symbol && t.id > afterId).slice(0, limit);
  }

  bestBidAsk(): { bid: string | null; ask: string | null } {
    return this.top;
  }
}

export interface TradeSpec {
  price: string;
  qty: string;
  ts: number;
  side?: 'buy' | 'sell';
  order?: number;
}

export function marketDataFixture(options: { now: number; thresholds?: Partial<EventThresholds> }) {
  const { db, dispose } = tempDatabase();
  const tx = new Transactions(db);
  const clock = new ManualClock(options.now);
  const log = pino({ level: 'silent' });
  const hub = new Hub({ resolve: () => null }, clock, log);
  const repo = createMarketRepo(db);
  const make = (feed: FakeFeed) => {
    const data = new MarketData(
      { tx, repo, clock, log, hub, assetScale: () => 8 },
      {
        thresholds: { ...DEFAULT_THRESHOLDS, ...options.thresholds },
        publishMs: 60_000,
        flushMs: 60_000,
        eventRetentionMs: 7 * 86_400_000,
      },
    );
    data.attach(feed);
    return data;
  };
  const feed = new FakeFeed();
  const data = make(feed);
  return {
    db,
    repo,
    clock,
    feed,
    data,
    /** A second service on the same database, as after a restart. */
    restart: (next: FakeFeed = feed) => make(next),
    dispose() {
      data.close();
      dispose();
    },
  };
}

export const ALL_PERIODS: readonly KlinePeriod[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'];
