import type { MarketWithTicker } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { coinsOf, compareSigned, matchesSearch, nextSort, sortMarkets } from './markets';

function item(base: string, sort: number, last: string, changePercent: string, quoteVolume: string): MarketWithTicker {
  return {
    market: {
      symbol: `${base}_USDT`,
      base,
      quote: 'USDT',
      category: 'main',
      pricePrecision: 2,
      quantityPrecision: 4,
      tickSize: '0.01',
      stepSize: '0.0001',
      minNotional: '5',
      makerFee: '0.001',
      takerFee: '0.001',
      priceBandLow: '0.2',
      priceBandHigh: '5',
      status: 'open',
      hot: false,
      sort,
    },
    ticker: {
      symbol: `${base}_USDT`,
      last,
      open: last,
      high: last,
      low: last,
      volume: '1',
      quoteVolume,
      change: '0',
      changePercent,
      bid: null,
      ask: null,
      ts: 1,
    },
  };
}

const list = [
  item('ETH', 2, '3400.5', '-1.20', '45000000'),
  item('BTC', 1, '96000', '2.50', '71000000'),
  item('DOGE', 3, '0.32', '-12.00', '9000000'),
  item('SOL', 4, '190.1', '0.00', '120000000'),
];
const symbols = (l: MarketWithTicker[]) => l.map((m) => m.market.base);

describe('market lists', () => {
  it('compares signed percentages as numbers', () => {
    expect(compareSigned('-12.00', '-1.20')).toBeLessThan(0);
    expect(compareSigned('-0.00', '0.00')).toBe(0);
    expect(compareSigned('9.5', '10')).toBeLessThan(0);
  });

  it('sorts by the operator order, then by price, change or volume', () => {
    expect(symbols(sortMarkets(list, null))).toEqual(['BTC', 'ETH', 'DOGE', 'SOL']);
    expect(symbols(sortMarkets(list, { field: 'price', order: 'desc' }))).toEqual(['BTC', 'ETH', 'SOL', 'DOGE']);
    expect(symbols(sortMarkets(list, { field: 'change', order: 'asc' }))).toEqual(['DOGE', 'ETH', 'SOL', 'BTC']);
    expect(symbols(sortMarkets(list, { field: 'volume', order: 'desc' }))).toEqual(['SOL', 'BTC', 'ETH', 'DOGE']);
  });

  it('cycles a column: descending, ascending, default', () => {
    const first = nextSort(null, 'price');
    expect(first).toEqual({ field: 'price', order: 'desc' });
    const second = nextSort(first, 'price');
    expect(second).toEqual({ field: 'price', order: 'asc' });
    expect(nextSort(second, 'price')).toBeNull();
    expect(nextSort(second, 'change')).toEqual({ field: 'change', order: 'desc' });
  });

  it('finds pairs by coin or pair in any spelling, and groups coins', () => {
    const found = (q: string) => symbols(list.filter((m) => matchesSearch(m, q)));
    expect(found('btc')).toEqual(['BTC']);
    expect(found('BTC/USDT')).toEqual(['BTC']);
    expect(found('ethusdt')).toEqual(['ETH']);
    expect(found('OG')).toEqual(['DOGE']);
    expect(found('')).toHaveLength(4);
    expect(coinsOf(list).map((c) => c.coin)).toEqual(['ETH', 'BTC', 'DOGE', 'SOL']);
  });
});
