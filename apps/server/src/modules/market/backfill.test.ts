import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDatabase } from '../../test/db';
import { Transactions } from '../../lib/tx';
import { Hub } from '../../ws/hub';
import { DEFAULT_ASSETS } from '../ledger';
import { LedgerService } from '../ledger';
import { backfillWindow, historyCandles, simulateHistory } from './backfill';
import { aggregate, PERIOD_MS } from './candles';
import { profileFor } from './profiles';
import { MarketService, type MarketSettings } from './service';
import { ALL_PERIODS, BTC, FakeFeed, ManualClock } from './test-support';

const NOW = Date.parse('2025-03-12T15:42:17Z');
const SETTINGS: MarketSettings = {
  priceSource: 'simulator',
  seed: 'backfill-test',
  startPrices: {},
  stepMs: 1000,
  ccxt: { exchange: 'binance', pollMs: 5000 },
  makers: { enabled: false, intervalMs: 1000, takesPerMinute: 12 },
  history: { minuteDays: 3, hourDays: 30 },
  events: { move5mPercent: '1', abnormal1mPercent: '2', largeTradeQuote: undefined, cooldownMs: 300_000 },
  publishMs: 1000,
};
const ETH = { ...BTC, symbol: 'ETH_USDT', base: 'ETH' };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup() {
  const { db, dispose } = tempDatabase();
  const tx = new Transactions(db);
  const clock = new ManualClock(NOW);
  const log = pino({ level: 'silent' });
  const ledger = new LedgerService(db, tx, clock);
  for (const asset of DEFAULT_ASSETS) ledger.upsertAsset(asset);
  const hub = new Hub({ resolve: () => null }, clock, log);
  cleanups.push(dispose);
  const boot = async (feed: FakeFeed) => {
    const market = new MarketService({ db, tx, clock, log, hub, ledger }, SETTINGS);
    market.attach({
      feed,
      desk: {
        place: async () => undefined,
        cancel: async () => undefined,
        cancelAll: async () => undefined,
        openOrders: () => [],
      },
    });
    cleanups.push(() => market.close());
    await market.start();
    return { market, report: await market.backfilled() };
  };
  return { db, clock, boot };
}

describe('first-start history', () => {
  it('writes every period once, ending at the index, and leaves it alone at the next start', async () => {
    const { boot } = setup();
    const feed = new FakeFeed([BTC, ETH]);
    const first = await boot(feed);
    expect(first.report.markets).toBe(2);
    const candles = (period: (typeof ALL_PERIODS)[number]) =>
      first.market.repo.candlesBetween('BTC_USDT', period, 0, NOW);
    for (const period of ALL_PERIODS) expect(candles(period).length, period).toBeGreaterThan(0);
    // Three days of minutes; thirty days of hours and longer; the last close is the index at install time.
    expect(candles('1m')).toHaveLength(3 * 1440 + 15 * 60 + 42);
    expect(candles('1m').at(-1)?.t).toBe(Date.parse('2025-03-12T15:41:00Z'));
    expect(candles('1m').at(-1)?.c).toBe(9_600_000n);
    expect(candles('1h')[0]?.t).toBeLessThanOrEqual(NOW - 30 * PERIOD_MS['1d']);
    expect(candles('1w')[0]?.t).toBe(Date.parse('2025-02-10T00:00:00Z'));
    // Longer periods are exact aggregates of shorter ones.
    expect(aggregate(candles('1m'), '15m')).toEqual(candles('15m'));
    expect(aggregate(candles('1h'), '1d')).toEqual(candles('1d'));
    const ticker = first.market.data.ticker('BTC_USDT');
    expect(ticker.last).toBe('96000');
    expect(Number(ticker.quoteVolume)).toBeGreaterThan(0);

    const rows = first.market.repo.candleCount('BTC_USDT');
    await first.market.close();
    const second = await boot(feed);
    expect(second.report).toMatchObject({ markets: 0, rows: 0 });
    expect(second.market.repo.candleCount('BTC_USDT')).toBe(rows);
    // The simulator resumes at the stored close.
    expect(second.market.indexPrice('BTC_USDT')?.price).toBe(96_000n * 10n ** 8n);
  });

  it('is deterministic for a seed', () => {
    const window = backfillWindow(NOW, 2, 10);
    const plan = {
      symbol: 'SOL_USDT',
      scales: { price: 2, quantity: 3, quote: 8 },
      tick: 1n,
      step: 1n,
      profile: profileFor('SOL_USDT'),
      level: 190,
      quotePerMinute: 18_000,
    };
    const a = historyCandles(simulateHistory(plan, 'seed', window), window);
    const b = historyCandles(simulateHistory(plan, 'seed', window), window);
    const c = historyCandles(simulateHistory(plan, 'other', window), window);
    expect(a).toEqual(b);
    expect(a.get('1h')).not.toEqual(c.get('1h'));
    for (const list of a.values()) {
      for (const k of list) expect(k.l <= k.o && k.l <= k.c && k.h >= k.o && k.h >= k.c && k.l > 0n).toBe(true);
    }
    // Synthetic volume is priced at the candle's typical price, exactly at the quote asset's scale.
    for (const k of a.get('1m') ?? []) expect(k.qv).toBe(k.v * ((k.o + k.h + k.l + k.c) / 4n) * 1000n);
  });

  it('leaves markets that already traded alone, and rewrites a history cut short by a crash', async () => {
    const { db, boot } = setup();
    const feed = new FakeFeed([BTC, ETH]);
    feed.record('ETH_USDT', [{ price: '3000', qty: '1', ts: NOW - 60_000 }]);
    // A crash half-way through BTC's history: rows without the series' completion mark.
    db.prepare(
      `INSERT INTO market_series (symbol, price_scale, quantity_scale, quote_scale, created_at) VALUES ('BTC_USDT', 2, 3, 8, 0)`,
    ).run();
    db.prepare(
      `INSERT INTO market_candles (symbol, period, open_time, open, high, low, close, volume, quote_volume)
       VALUES ('BTC_USDT', '1m', 0, 1, 1, 1, 1, 0, 0)`,
    ).run();
    const { market, report } = await boot(feed);
    expect(report.markets).toBe(1);
    expect(market.repo.candleCount('ETH_USDT')).toBe(ALL_PERIODS.length);
    expect(market.repo.candle('BTC_USDT', '1m', 0)).toBeNull();
    expect(market.repo.series('BTC_USDT')?.backfillTo).toBe(Date.parse('2025-03-12T15:42:00Z'));
  });
});
