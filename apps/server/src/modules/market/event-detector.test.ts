import { describe, expect, it } from 'vitest';
import type { TradeUnits } from './candles';
import { EventDetector, type EventThresholds } from './event-detector';

const SCALES = { price: 2, quantity: 3, quote: 8 };
const THRESHOLDS: EventThresholds = {
  move5mPercent: '1',
  abnormal1mPercent: '2',
  largeTradeQuote: '1000',
  cooldownMs: 5 * 60_000,
};
const T = Date.UTC(2025, 4, 1, 12);
let nextId = 1;

/** A trade at `price` (decimal, two places) `seconds` after T; quote amount in whole USDT. */
function trade(price: string, seconds: number, extra: Partial<TradeUnits> = {}): TradeUnits {
  const units = BigInt(price.replace('.', ''));
  return {
    id: nextId++,
    price: units,
    quantity: 1000n,
    quote: 100n * 10n ** 8n,
    side: 'buy',
    ts: T + seconds * 1000,
    ...extra,
  };
}

function run(trades: TradeUnits[], thresholds: Partial<EventThresholds> = {}) {
  const detector = new EventDetector({ ...THRESHOLDS, ...thresholds });
  return trades.flatMap((t) => detector.detect('BTC_USDT', SCALES, [t])).map((e) => [e.type, e.value, e.ts - T]);
}

describe('live events', () => {
  it('5-minute gain fires at its threshold and not below', () => {
    expect(run([trade('100.00', 0), trade('100.99', 60)])).toEqual([]);
    expect(run([trade('100.00', 0), trade('100.99', 60), trade('101.00', 120)])).toEqual([['rise5m', '1.00', 120_000]]);
    // Measured from the lowest price of the last five minutes, not from the first one.
    expect(run([trade('100.50', 0), trade('100.00', 100), trade('101.00', 200)])).toEqual([
      ['rise5m', '1.00', 200_000],
    ]);
    // A low older than five minutes no longer counts.
    expect(run([trade('100.00', 0), trade('101.00', 300)])).toEqual([]);
  });

  it('5-minute decline fires at its threshold and not below', () => {
    expect(run([trade('100.00', 0), trade('99.01', 90)])).toEqual([]);
    expect(run([trade('100.00', 0), trade('99.00', 90)])).toEqual([['fall5m', '1.00', 90_000]]);
  });

  it('abnormal gain and decline: the larger move within one minute, reported instead of the 5-minute one', () => {
    expect(run([trade('100.00', 0), trade('101.99', 30)])).toEqual([['rise5m', '1.99', 30_000]]);
    expect(run([trade('100.00', 0), trade('102.00', 30)])).toEqual([['abnormalRise', '2.00', 30_000]]);
    expect(run([trade('100.00', 0), trade('98.00', 59)])).toEqual([['abnormalFall', '2.00', 59_000]]);
    expect(run([trade('100.00', 0), trade('98.01', 59)])).toEqual([['fall5m', '1.99', 59_000]]);
    // The same move over more than a minute is only a 5-minute move.
    expect(run([trade('100.00', 0), trade('102.00', 61)])).toEqual([['rise5m', '2.00', 61_000]]);
  });

  it('rests for the cooldown, then fires again', () => {
    const trades = [trade('100.00', 0), trade('101.00', 10), trade('102.50', 200), trade('104.00', 311)];
    expect(run(trades)).toEqual([
      ['rise5m', '1.00', 10_000],
      ['rise5m', '1.46', 311_000],
    ]);
  });

  it('large buy and large sell: one taker order at the threshold, and not below', () => {
    const usdt = (n: string) => BigInt(n.replace('.', '')) * 10n ** 6n;
    expect(run([trade('100.00', 0, { quote: usdt('999.99') })])).toEqual([]);
    expect(run([trade('100.00', 0, { quote: usdt('1000.00') })])).toEqual([['largeBuy', '1000', 0]]);
    expect(run([trade('100.00', 0, { quote: usdt('1500.50'), side: 'sell' })])).toEqual([['largeSell', '1500.5', 0]]);
    // The fills of one taker order add up; fills of different orders do not.
    const detector = new EventDetector(THRESHOLDS);
    const fills = [
      trade('100.00', 0, { quote: usdt('600.00'), takerOrderId: 7 }),
      trade('100.01', 0, { quote: usdt('400.00'), takerOrderId: 7 }),
      trade('100.02', 0, { quote: usdt('600.00'), takerOrderId: 8 }),
    ];
    const events = detector.detect('BTC_USDT', SCALES, fills);
    expect(events.map((e) => [e.type, e.value, e.price])).toEqual([['largeBuy', '1000', 10001n]]);
  });

  it('takes each market its own large-trade amount when one is given', () => {
    const bySymbol = (symbol: string) => (symbol === 'BTC_USDT' ? '5000' : undefined);
    const quote = 2000n * 10n ** 8n;
    expect(run([trade('100.00', 0, { quote })], { largeTradeBySymbol: bySymbol })).toEqual([]);
    expect(run([trade('100.00', 0, { quote })])).toEqual([['largeBuy', '2000', 0]]);
  });
});
