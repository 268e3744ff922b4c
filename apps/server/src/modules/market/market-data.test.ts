import type { Candle } from '@bourse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { aggregate, periodStart } from './candles';
import { BTC, FakeFeed, marketDataFixture } from './test-support';
import { RollingTicker } from './rolling-ticker';

const at = (iso: string) => Date.parse(iso);
let fixture: ReturnType<typeof marketDataFixture> | null = null;
afterEach(() => {
  fixture?.dispose();
  fixture = null;
});

/** Sunday 5 January 2025, the last seconds of a week, then Monday. */
const TRADES = [
  { price: '100', qty: '1', ts: at('2025-01-05T23:59:30Z') },
  { price: '101.5', qty: '0.5', ts: at('2025-01-05T23:59:59.999Z') },
  { price: '99', qty: '2', ts: at('2025-01-06T00:00:00Z') },
  { price: '102.25', qty: '0.1', ts: at('2025-01-06T00:04:59.999Z') },
  { price: '98.1', qty: '0.25', ts: at('2025-01-06T00:05:00Z') },
];

const candle = (t: string, o: string, h: string, l: string, c: string, v: string, qv: string): Candle => ({
  t: at(t),
  o,
  h,
  l,
  c,
  v,
  qv,
});

const SUNDAY = candle('', '100', '101.5', '100', '101.5', '1.5', '150.75');
const MONDAY = candle('', '99', '102.25', '98.1', '98.1', '2.35', '232.75');

describe('candles from trades', () => {
  it('builds every period exactly, with UTC boundaries and weeks from Monday 00:00 UTC', () => {
    fixture = marketDataFixture({ now: at('2025-01-06T00:05:30Z') });
    const { feed, data } = fixture;
    feed.trade('BTC_USDT', TRADES.slice(0, 2));
    feed.trade('BTC_USDT', TRADES.slice(2));
    const last = (period: Parameters<typeof data.candles>[1], n: number) => data.candles('BTC_USDT', period, n);

    expect(last('1m', 7)).toEqual([
      candle('2025-01-05T23:59:00Z', '100', '101.5', '100', '101.5', '1.5', '150.75'),
      candle('2025-01-06T00:00:00Z', '99', '99', '99', '99', '2', '198'),
      // Minutes without trades: flat at the previous close, no volume.
      candle('2025-01-06T00:01:00Z', '99', '99', '99', '99', '0', '0'),
      candle('2025-01-06T00:02:00Z', '99', '99', '99', '99', '0', '0'),
      candle('2025-01-06T00:03:00Z', '99', '99', '99', '99', '0', '0'),
      candle('2025-01-06T00:04:00Z', '102.25', '102.25', '102.25', '102.25', '0.1', '10.225'),
      candle('2025-01-06T00:05:00Z', '98.1', '98.1', '98.1', '98.1', '0.25', '24.525'),
    ]);
    expect(last('5m', 3)).toEqual([
      { ...SUNDAY, t: at('2025-01-05T23:55:00Z') },
      candle('2025-01-06T00:00:00Z', '99', '102.25', '99', '102.25', '2.1', '208.225'),
      candle('2025-01-06T00:05:00Z', '98.1', '98.1', '98.1', '98.1', '0.25', '24.525'),
    ]);
    expect(last('15m', 2)).toEqual([
      { ...SUNDAY, t: at('2025-01-05T23:45:00Z') },
      { ...MONDAY, t: at('2025-01-06T00:00:00Z') },
    ]);
    expect(last('30m', 2)).toEqual([
      { ...SUNDAY, t: at('2025-01-05T23:30:00Z') },
      { ...MONDAY, t: at('2025-01-06T00:00:00Z') },
    ]);
    expect(last('1h', 2)).toEqual([
      { ...SUNDAY, t: at('2025-01-05T23:00:00Z') },
      { ...MONDAY, t: at('2025-01-06T00:00:00Z') },
    ]);
    expect(last('4h', 2)).toEqual([
      { ...SUNDAY, t: at('2025-01-05T20:00:00Z') },
      { ...MONDAY, t: at('2025-01-06T00:00:00Z') },
    ]);
    expect(last('1d', 2)).toEqual([
      { ...SUNDAY, t: at('2025-01-05T00:00:00Z') },
      { ...MONDAY, t: at('2025-01-06T00:00:00Z') },
    ]);
    expect(last('1w', 2)).toEqual([
      { ...SUNDAY, t: at('2024-12-30T00:00:00Z') },
      { ...MONDAY, t: at('2025-01-06T00:00:00Z') },
    ]);
  });

  it('finds period starts in UTC, weeks on Mondays', () => {
    expect(periodStart(at('2025-03-13T13:47:12Z'), '4h')).toBe(at('2025-03-13T12:00:00Z'));
    expect(periodStart(at('2025-03-13T13:47:12Z'), '30m')).toBe(at('2025-03-13T13:30:00Z'));
    // Thursday 13 March → Monday 10 March; a Monday stays; a Sunday goes back six days.
    expect(periodStart(at('2025-03-13T13:47:12Z'), '1w')).toBe(at('2025-03-10T00:00:00Z'));
    expect(periodStart(at('2025-03-10T00:00:00Z'), '1w')).toBe(at('2025-03-10T00:00:00Z'));
    expect(periodStart(at('2025-03-09T23:59:59.999Z'), '1w')).toBe(at('2025-03-03T00:00:00Z'));
    expect(new Date(periodStart(at('1970-01-01T00:00:00Z'), '1w')).getUTCDay()).toBe(1);
  });

  it('aggregates minutes into longer periods exactly as the trades would', () => {
    fixture = marketDataFixture({ now: at('2025-01-06T00:05:30Z') });
    fixture.feed.trade('BTC_USDT', TRADES);
    fixture.data.flush();
    const minutes = fixture.repo.candlesBetween('BTC_USDT', '1m', 0, Number.MAX_SAFE_INTEGER);
    for (const period of ['5m', '1h', '1d', '1w'] as const) {
      expect(aggregate(minutes, period)).toEqual(
        fixture.repo.candlesBetween('BTC_USDT', period, 0, Number.MAX_SAFE_INTEGER),
      );
    }
  });

  it('pages back with `before` and serves nothing before the first trade', () => {
    fixture = marketDataFixture({ now: at('2025-01-06T00:05:30Z') });
    fixture.feed.trade('BTC_USDT', TRADES);
    const page = fixture.data.candles('BTC_USDT', '1m', 3, at('2025-01-06T00:01:00Z'));
    expect(page.map((c) => c.t)).toEqual([at('2025-01-05T23:59:00Z'), at('2025-01-06T00:00:00Z')]);
    expect(fixture.data.candles('BTC_USDT', '1d', 5, at('2025-01-05T00:00:00Z'))).toEqual([]);
  });

  it('persists candles and, after a restart, applies exactly the trades not yet written', () => {
    fixture = marketDataFixture({ now: at('2025-01-06T00:05:30Z') });
    const { feed, data } = fixture;
    feed.trade('BTC_USDT', TRADES.slice(0, 3));
    data.flush();
    // Committed by spot, but the process stops before market data hears of them.
    feed.record('BTC_USDT', TRADES.slice(3));
    data.close();
    const again = fixture.restart(feed);
    try {
      expect(again.candles('BTC_USDT', '1w', 1)).toEqual([{ ...MONDAY, t: at('2025-01-06T00:00:00Z') }]);
      expect(fixture.repo.series('BTC_USDT')?.lastTradeId).toBe(5);
      // A third start has nothing to replay and changes nothing.
      const third = fixture.restart(feed);
      expect(third.candles('BTC_USDT', '1w', 1)).toEqual([{ ...MONDAY, t: at('2025-01-06T00:00:00Z') }]);
      third.close();
    } finally {
      again.close();
    }
  });

  it('puts trades of markets it never saw into their own series', () => {
    const eth = { ...BTC, symbol: 'ETH_USDT', base: 'ETH' };
    fixture = marketDataFixture({ now: at('2025-01-06T00:05:30Z') });
    const feed = new FakeFeed([...fixture.feed.markets(), eth]);
    const data = fixture.restart(feed);
    try {
      feed.trade('ETH_USDT', [{ price: '3000', qty: '1', ts: at('2025-01-06T00:05:00Z') }]);
      expect(data.candles('ETH_USDT', '1m', 1)[0]?.c).toBe('3000');
      expect(data.candles('BTC_USDT', '1m', 1)).toEqual([]);
    } finally {
      data.close();
    }
  });
});

describe('24-hour tickers', () => {
  const day = 24 * 3_600_000;
  const t0 = at('2025-02-01T10:00:30Z');
  const t1 = at('2025-02-01T12:00:00Z');

  it('counts the last 1440 minutes and lets a trade go when its minute is 24 hours old', () => {
    const ticker = new RollingTicker();
    ticker.addTrade({ price: 10000n, quantity: 1000n, quote: 100n, ts: t0 });
    ticker.addTrade({ price: 11000n, quantity: 2000n, quote: 220n, ts: t1 });
    expect(ticker.stats(at('2025-02-02T09:59:59.999Z'))).toMatchObject({
      last: 11000n,
      open: 10000n,
      high: 11000n,
      low: 10000n,
      volume: 3000n,
      quoteVolume: 320n,
    });
    // 10:00 the next day: the 10:00 minute of yesterday has left the window.
    expect(ticker.stats(at('2025-02-02T10:00:00Z'))).toMatchObject({
      last: 11000n,
      open: 11000n,
      high: 11000n,
      low: 11000n,
      volume: 2000n,
    });
    expect(ticker.stats(t1 + day)).toMatchObject({ last: 11000n, open: 11000n, volume: 0n, quoteVolume: 0n });
  });

  it('serves tickers with change, percent, volumes and the book top', () => {
    fixture = marketDataFixture({ now: t0 });
    const { feed, data, clock } = fixture;
    feed.top = { bid: '109.99', ask: '110.01' };
    feed.trade('BTC_USDT', [{ price: '100', qty: '1', ts: t0 }]);
    clock.t = t1;
    feed.trade('BTC_USDT', [{ price: '98.5', qty: '2', ts: t1 }]);
    expect(data.ticker('BTC_USDT')).toEqual({
      symbol: 'BTC_USDT',
      last: '98.5',
      open: '100',
      high: '100',
      low: '98.5',
      volume: '3',
      quoteVolume: '297',
      change: '-1.5',
      changePercent: '-1.50',
      bid: '109.99',
      ask: '110.01',
      ts: t1,
    });
    clock.t = at('2025-02-02T10:00:00Z');
    expect(data.ticker('BTC_USDT')).toMatchObject({ open: '98.5', high: '98.5', volume: '2', changePercent: '0.00' });
    clock.t = t1 + day;
    expect(data.ticker('BTC_USDT')).toMatchObject({ last: '98.5', volume: '0', quoteVolume: '0', change: '0' });
  });

  it('seeds the window from stored minutes after a restart', () => {
    fixture = marketDataFixture({ now: t1 });
    fixture.feed.trade('BTC_USDT', [
      { price: '100', qty: '1', ts: t0 },
      { price: '105', qty: '1', ts: t1 },
    ]);
    fixture.data.flush();
    const again = fixture.restart();
    try {
      expect(again.ticker('BTC_USDT')).toMatchObject({ last: '105', open: '100', high: '105', volume: '2' });
    } finally {
      again.close();
    }
  });
});

describe('live events across a restart', () => {
  it('stores an event once when the trade that raised it is replayed after a stop before the flush', () => {
    fixture = marketDataFixture({ now: at('2025-01-06T00:05:30Z'), thresholds: { largeTradeQuote: '100' } });
    const { feed, repo } = fixture;
    // 200 USDT bought at once: a large buy, stored at once.
    feed.trade('BTC_USDT', [{ price: '100', qty: '2', ts: at('2025-01-06T00:05:00Z') }]);
    expect(repo.events('BTC_USDT', 10).map((e) => e.type)).toEqual(['largeBuy']);
    expect(fixture.repo.series('BTC_USDT')?.lastTradeId ?? 0).toBe(0);
    // The process stops before the 250 ms flush: the next start replays the trade and finds the event again.
    const again = fixture.restart(feed);
    try {
      expect(repo.series('BTC_USDT')?.lastTradeId).toBe(1);
      expect(repo.events('BTC_USDT', 10)).toHaveLength(1);
      // A later large buy outside the cooldown is its own event.
      feed.trade('BTC_USDT', [{ price: '100', qty: '3', ts: at('2025-01-06T00:11:00Z') }]);
      expect(repo.events('BTC_USDT', 10)).toHaveLength(2);
    } finally {
      again.close();
    }
  });
});
