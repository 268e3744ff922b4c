import type {
  Candle,
  Depth,
  KlineFrame,
  KlineListFrame,
  MarketEvent,
  PublicTrade,
  SpotTickerFrame,
  TickerFrame,
} from '@bourse/contract';
import { ERRORS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../test/harness';
import { get, LiveClient, startServer, type TestServer } from '../../test/harness';
import { MAKER_OWNER, TAKER_OWNER } from './market-maker';
import { ALL_PERIODS } from './test-support';

let server: TestServer;

/** Polls `probe` until it returns a value, or fails after `ms`. */
async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  // A fresh install with the bots on, sped up: a round every 50 ms, many takes, two days of minutes.
  server = await startServer(
    {
      MARKET_MAKERS: 'on',
      MARKET_MAKER_INTERVAL_MS: '50',
      MARKET_MAKER_TAKES_PER_MINUTE: '300',
      MARKET_BACKFILL_DAYS: '2',
      MARKET_HISTORY_DAYS: '60',
      MARKET_PUBLISH_MS: '100',
      MARKET_EVENT_LARGE_TRADE: '2000',
      PRICE_STEP_MS: '50',
      // Blocks every 50 ms: the bots' funding deposits are credited as they are for anyone.
      CHAIN_BLOCK_MS: '50',
    },
    undefined,
    // The scheduler runs in real time, as in a server: blocks, price steps, bot rounds, publishing.
    { realTime: true },
  );
  await seed(server);
  await server.ctx.market.start();
  await server.ctx.market.makersReady();
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('a fresh install is a live market', () => {
  it('shows depth on both sides of every market and prints trades within seconds', async () => {
    for (const market of server.ctx.spot.markets()) {
      const depth = await eventually(async () => {
        const answer = await get<Depth>(server, `/api/common/getDepth?symbol=${market.symbol}`);
        const d = answer.body.data;
        return d.bids.length >= 5 && d.asks.length >= 5 ? d : undefined;
      });
      const [bid] = depth.bids[0] ?? [];
      const [ask] = depth.asks[0] ?? [];
      expect(Number(bid)).toBeLessThan(Number(ask));
    }
    const trades = await eventually(async () => {
      const answer = await get<PublicTrade[]>(server, '/api/common/getHistoryOrder?symbol=BTC_USDT&type=spot&limit=5');
      return answer.body.data.length > 0 ? answer.body.data : undefined;
    });
    expect(trades[0]).toMatchObject({ side: expect.stringMatching(/^(buy|sell)$/) });
    // The quotes sit around the index: the best bid and ask within half a percent of it.
    const index = Number(server.ctx.market.indexPrice('BTC_USDT')?.price) / 1e8;
    const depth = (await get<Depth>(server, '/api/common/getDepth?symbol=BTC_USDT')).body.data;
    expect(Math.abs(Number(depth.bids[0]?.[0]) / index - 1)).toBeLessThan(0.005);
    expect(Math.abs(Number(depth.asks[0]?.[0]) / index - 1)).toBeLessThan(0.005);
  });

  it('has backfilled history for every period, ending at the live price', async () => {
    const report = await server.ctx.market.backfilled();
    expect(report.markets).toBe(server.ctx.spot.markets().length);
    const expected: Record<string, number> = {
      '1m': 1000,
      '5m': 500,
      '15m': 150,
      '30m': 80,
      '1h': 1000,
      '4h': 300,
      '1d': 55,
      '1w': 8,
    };
    for (const period of ALL_PERIODS) {
      const answer = await get<Candle[]>(server, `/api/common/kline?symbol=ETH_USDT&period=${period}&limit=1000`);
      expect(answer.body.code).toBe(200);
      const candles = answer.body.data;
      expect(candles.length, period).toBeGreaterThanOrEqual(expected[period] ?? 1);
      for (let i = 1; i < candles.length; i++) expect(candles[i]!.t).toBeGreaterThan(candles[i - 1]!.t);
    }
    // Paging back: the page before the oldest minute of the first page continues without overlap.
    const first = (await get<Candle[]>(server, '/api/common/kline?symbol=ETH_USDT&period=1m&limit=100')).body.data;
    const before = (
      await get<Candle[]>(server, `/api/common/kline?symbol=ETH_USDT&period=1m&limit=100&before=${first[0]!.t}`)
    ).body.data;
    expect(before.at(-1)!.t).toBe(first[0]!.t - 60_000);
    expect(server.ctx.market.repo.series('ETH_USDT')?.backfillTo).toBeGreaterThan(0);
  });

  it('pushes tickers, trades, candles and events on the live channels', async () => {
    const live = await LiveClient.connect(server.wsUrl);
    try {
      live.send({ op: 'sub', channel: 'ticker' });
      const snapshot = (await live.next((f) => f.channel === 'ticker')).data as TickerFrame;
      expect(snapshot.tickers.map((t) => t.symbol).sort()).toEqual(
        server.ctx.spot
          .markets()
          .map((m) => m.symbol)
          .sort(),
      );
      const update = (await live.next((f) => f.channel === 'ticker' && (f.data as TickerFrame).tickers.length > 0))
        .data as TickerFrame;
      expect(update.tickers[0]).toMatchObject({ last: expect.stringMatching(/^\d/), bid: expect.any(String) });
      const withEvents = await live.next(
        (f) => f.channel === 'ticker' && (f.data as TickerFrame).events.length > 0,
        15_000,
      );
      expect((withEvents.data as TickerFrame).events[0]?.type).toMatch(/^large(Buy|Sell)$/);

      live.send({ op: 'sub', channel: 'spot-ticker', symbol: 'BTC_USDT' });
      const tickerSnapshot = (await live.next((f) => f.channel === 'spot-ticker')).data as SpotTickerFrame;
      expect(tickerSnapshot.ticker.symbol).toBe('BTC_USDT');
      const trades = await live.next(
        (f) => f.channel === 'spot-ticker' && (f.data as SpotTickerFrame).trades.length > 0,
        10_000,
      );
      expect(trades.topic).toBe('BTC_USDT');

      live.send({ op: 'sub', channel: 'kline', period: '1m' });
      const klines = (await live.next((f) => f.channel === 'kline')).data as KlineListFrame;
      expect(klines.length).toBe(server.ctx.spot.markets().length);
      await live.next((f) => f.channel === 'kline' && (f.data as KlineListFrame).length > 0);

      live.send({ op: 'sub', channel: 'spot-kline', symbol: 'ETH_USDT', period: '5m' });
      const current = (await live.next((f) => f.channel === 'spot-kline')).data as KlineFrame;
      expect(current).toMatchObject({ symbol: 'ETH_USDT', period: '5m' });
      const moved = await live.next((f) => f.channel === 'spot-kline', 10_000);
      expect(moved.topic).toBe('ETH_USDT:5m');
    } finally {
      live.close();
    }
    const events = await get<MarketEvent[]>(server, '/api/common/marketEvents?limit=5');
    expect(events.body.data.length).toBeGreaterThan(0);
    const btc = await get<MarketEvent[]>(server, '/api/common/marketEvents?symbol=BTC_USDT&limit=5');
    expect(btc.body.data.every((e) => e.symbol === 'BTC_USDT')).toBe(true);
  });

  it('answers unknown markets and periods with their catalogue errors, and no trades for swap yet', async () => {
    const unknown = await get(server, '/api/common/kline?symbol=NOPE_USDT&period=1m');
    expect(unknown.body.code).toBe(ERRORS.MARKET_NOT_FOUND.code);
    const period = await get(server, '/api/common/kline?symbol=BTC_USDT&period=2m');
    expect(period.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    const events = await get(server, '/api/common/marketEvents?symbol=NOPE_USDT');
    expect(events.body.code).toBe(ERRORS.MARKET_NOT_FOUND.code);
    const swap = await get<PublicTrade[]>(server, '/api/common/getHistoryOrder?symbol=BTC_USDT&type=swap');
    expect(swap.body).toMatchObject({ code: 200, data: [] });
  });

  it('follows the index when it moves, and the ledger reconciles after the bots traded', async () => {
    const before = server.ctx.market.makers?.stats.takes ?? 0;
    // An hour passes for the index: the bots take the quotes it left behind and requote around it.
    server.clock.advance(3_600_000);
    await eventually(() => ((server.ctx.market.makers?.stats.takes ?? 0) > before + 50 ? true : undefined), 15_000);
    await server.ctx.market.makers?.settled();
    const index = Number(server.ctx.market.indexPrice('SOL_USDT')?.price) / 1e8;
    const last = await eventually(async () => {
      const t = (await get<PublicTrade[]>(server, '/api/common/getHistoryOrder?symbol=SOL_USDT&limit=1')).body.data[0];
      return t && t.ts >= server.clock.now() - 5_000 ? Number(t.price) : undefined;
    });
    expect(Math.abs(last / index - 1)).toBeLessThan(0.01);
    const report = server.ctx.ledger.reconcile();
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    for (const owner of [MAKER_OWNER, TAKER_OWNER]) {
      const usdt = server.ctx.ledger.balance({ owner: { kind: 'system', name: owner }, wallet: 'spot', asset: 'USDT' });
      expect(usdt.available + usdt.frozen).toBeGreaterThan(0n);
    }
  });
});
