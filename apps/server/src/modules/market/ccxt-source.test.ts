import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { binance } from 'ccxt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CcxtPriceSource } from './ccxt-source';
import { PriceSimulator } from './simulator';
import { ManualClock } from './test-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(here, 'fixtures', name), 'utf8'));

/**
 * A real ccxt Binance client whose HTTP layer replays the answers in fixtures/ (Binance's /api/v3/exchangeInfo and
 * /api/v3/ticker/24hr formats): ccxt's own market and ticker parsing runs, the network is never touched.
 */
function replayingBinance(requests: string[]) {
  const exchange = new binance({ options: { defaultType: 'spot', fetchMarkets: { types: ['spot'] } } });
  exchange.fetch = async (url: string) => {
    requests.push(url);
    if (url.includes('/api/v3/exchangeInfo')) return fixture('binance-exchangeInfo.json');
    if (url.includes('/api/v3/ticker/24hr')) return fixture('binance-ticker-24hr.json');
    throw new Error(`unexpected request ${url}`);
  };
  return exchange;
}

const log = pino({ level: 'silent' });

describe('ccxt price source', () => {
  it('parses recorded Binance tickers through ccxt into integer index prices', async () => {
    const requests: string[] = [];
    const clock = new ManualClock(Date.UTC(2025, 0, 24));
    const source = new CcxtPriceSource({ exchange: replayingBinance(requests), clock, log, pollMs: 60_000 });
    source.track(['BTC_USDT', 'ETH_USDT', 'DOGE_USDT', 'XRP_USDT']);
    const seen: string[] = [];
    source.subscribe((updates) => seen.push(...updates.map((u) => u.symbol)));
    await source.poll();
    expect(source.price('BTC_USDT')).toEqual({ symbol: 'BTC_USDT', price: 9_701_235_000_000n, ts: clock.t });
    expect(source.price('ETH_USDT')?.price).toBe(339_127_000_000n);
    expect(source.price('DOGE_USDT')?.price).toBe(32_145_000n);
    expect(source.price('XRP_USDT')?.price).toBe(230_810_000n);
    expect(seen.sort()).toEqual(['BTC_USDT', 'DOGE_USDT', 'ETH_USDT', 'XRP_USDT']);
    expect(requests.every((url) => url.startsWith('https://api.binance.com/api/v3/'))).toBe(true);
  });

  it('prices markets the exchange does not list from the fallback, and keeps the last prices when a poll fails', async () => {
    const requests: string[] = [];
    const clock = new ManualClock(Date.UTC(2025, 0, 24));
    const exchange = replayingBinance(requests);
    const fallback = new PriceSimulator({ seed: 'fallback', clock });
    const source = new CcxtPriceSource({ exchange, clock, log, pollMs: 60_000, fallback });
    source.track(['BTC_USDT', 'BRS_USDT']);
    await source.poll();
    expect(source.price('BTC_USDT')?.price).toBe(9_701_235_000_000n);
    expect(source.price('BRS_USDT')?.price).toBe(125_000_000n);
    exchange.fetch = async () => {
      throw new Error('offline');
    };
    await source.poll();
    expect(source.price('BTC_USDT')?.price).toBe(9_701_235_000_000n);
  });
});
