import type { KlineFrame, KlineListFrame } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient, seed, startServer, type TestServer } from '../../test/harness';

let server: TestServer;

beforeAll(async () => {
  // Jobs run only when the test calls runDue; a day of history gives every market its current candles.
  server = await startServer({ MARKET_BACKFILL_DAYS: '1', MARKET_HISTORY_DAYS: '1', MARKET_PUBLISH_MS: '1000' });
  await seed(server);
  await server.ctx.market.start();
  await server.ctx.market.backfilled();
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('candle close (the market.candles job)', () => {
  it('opens the next candle of every closing period on the live channels, flat at the last close, with no trade', async () => {
    const live = await LiveClient.connect(server.wsUrl);
    try {
      live.send({ op: 'sub', channel: 'spot-kline', symbol: 'BTC_USDT', period: '1m' });
      live.send({ op: 'sub', channel: 'kline', period: '1m' });
      const before = (await live.next((f) => f.channel === 'spot-kline')).data as KlineFrame;
      await live.next((f) => f.channel === 'kline');
      // The next minute begins, and nothing trades in it.
      const minute = Math.floor(server.clock.now() / 60_000) * 60_000 + 60_000;
      server.clock.advance(minute - server.clock.now() + 10);
      await server.runDue();
      const opened = (await live.next((f) => f.channel === 'spot-kline')).data as KlineFrame;
      expect(opened).toMatchObject({ symbol: 'BTC_USDT', period: '1m' });
      expect(opened.candle).toMatchObject({ t: minute, v: '0', o: before.candle.c });
      expect(opened.candle.h).toBe(before.candle.c);
      expect(opened.candle.l).toBe(before.candle.c);
      // The list channel carries it too, with the next publish.
      const list = (await live.next((f) => f.channel === 'kline')).data as KlineListFrame;
      const btc = list.filter((frame) => frame.symbol === 'BTC_USDT').at(-1);
      expect(btc?.candle).toMatchObject({ t: minute, v: '0' });
      expect(new Set(list.map((frame) => frame.symbol)).size).toBe(server.ctx.spot.markets().length);
    } finally {
      live.close();
    }
  });
});
