import type { Candle, HomeList, MarketWithTicker, SpotOrder, Ticker } from '@bourse/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  applyEvents,
  applyOrder,
  applyTickers,
  loadedOrders,
  mergeTrades,
  type Paged,
  type PagedOrders,
  spotKeys,
  upsertCandle,
} from './api';

function ticker(symbol: string, last: string, ts: number): Ticker {
  return {
    symbol,
    last,
    open: last,
    high: last,
    low: last,
    volume: '1',
    quoteVolume: '1',
    change: '0',
    changePercent: '0.00',
    bid: null,
    ask: null,
    ts,
  };
}

function market(symbol: string, last: string, ts = 1): MarketWithTicker {
  const [base = '', quote = ''] = symbol.split('_');
  return {
    market: {
      symbol,
      base,
      quote,
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
      hot: true,
      sort: 1,
    },
    ticker: ticker(symbol, last, ts),
  };
}

function order(id: number, status: SpotOrder['status'], symbol = 'BTC_USDT', side: 'buy' | 'sell' = 'sell'): SpotOrder {
  return {
    id,
    clientOrderId: null,
    symbol,
    side,
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    price: '100',
    quantity: '1',
    quoteQuantity: null,
    filledQuantity: '0',
    filledQuote: '0',
    avgPrice: null,
    fee: '0',
    feeAsset: 'USDT',
    status,
    reason: null,
    createdAt: id,
    updatedAt: id,
  };
}

const paged = (list: SpotOrder[]): Paged<SpotOrder> => ({ list, total: list.length, page: 1, size: 50 });

describe('live frames into the query cache', () => {
  it('writes tickers into the market list, the single market and the home lists, never going back in time', () => {
    const qc = new QueryClient();
    qc.setQueryData(spotKeys.markets, [market('BTC_USDT', '100', 5), market('ETH_USDT', '10', 5)]);
    qc.setQueryData(spotKeys.market('BTC_USDT'), market('BTC_USDT', '100', 5));
    const home: HomeList = { hot: [market('BTC_USDT', '100', 5)], gainers: [], losers: [], volume: [] };
    qc.setQueryData(spotKeys.homeList, home);

    applyTickers(qc, [ticker('BTC_USDT', '101', 6), ticker('ETH_USDT', '9', 4)]);
    const list = qc.getQueryData<MarketWithTicker[]>(spotKeys.markets);
    expect(list?.map((m) => m.ticker.last)).toEqual(['101', '10']);
    expect(qc.getQueryData<MarketWithTicker>(spotKeys.market('BTC_USDT'))?.ticker.last).toBe('101');
    expect(qc.getQueryData<HomeList>(spotKeys.homeList)?.hot[0]?.ticker.last).toBe('101');
  });

  it('puts new events in front of the lists of all markets and of their market, once', () => {
    const qc = new QueryClient();
    qc.setQueryData(spotKeys.events(null), []);
    qc.setQueryData(spotKeys.events('BTC_USDT'), []);
    const event = { id: 1, symbol: 'BTC_USDT', type: 'largeBuy' as const, value: '50000', price: '100', ts: 10 };
    applyEvents(qc, [event]);
    applyEvents(qc, [event]);
    expect(qc.getQueryData(spotKeys.events(null))).toEqual([event]);
    expect(qc.getQueryData(spotKeys.events('BTC_USDT'))).toEqual([event]);
    expect(qc.getQueryData(spotKeys.events('ETH_USDT'))).toBeUndefined();
  });

  it('merges trades by id, newest first, and updates or opens candles', () => {
    const t = (id: number) => ({ id, price: '1', quantity: '1', side: 'buy' as const, ts: id });
    expect(mergeTrades([t(2), t(1)], [t(3), t(2)]).map((x) => x.id)).toEqual([3, 2, 1]);
    const c = (time: number, close: string): Candle => ({ t: time, o: '1', h: '1', l: '1', c: close, v: '0', qv: '0' });
    expect(upsertCandle([c(60, '1')], c(60, '2'))).toEqual([c(60, '2')]);
    expect(upsertCandle([c(60, '1')], c(120, '3'))).toEqual([c(60, '1'), c(120, '3')]);
    expect(upsertCandle([c(60, '1')], c(0, '9'))).toEqual([c(60, '1')]);
    expect(upsertCandle(undefined, c(60, '1'))).toBeUndefined();
  });

  it('moves an order between the open lists and the history lists that match its pair and side', () => {
    const qc = new QueryClient();
    const history = (list: SpotOrder[]): InfiniteData<Paged<SpotOrder>, number> => ({
      pages: [paged(list)],
      pageParams: [1],
    });
    qc.setQueryData(spotKeys.open(''), history([]));
    qc.setQueryData(spotKeys.open('BTC_USDT'), history([]));
    qc.setQueryData(spotKeys.open('ETH_USDT'), history([]));
    qc.setQueryData(spotKeys.open('BTC_USDT', 'buy'), history([]));
    qc.setQueryData(spotKeys.history('', ''), history([]));
    qc.setQueryData(spotKeys.history('BTC_USDT', 'buy'), history([]));
    qc.setQueryData(spotKeys.order(7), { order: order(7, 'open'), fills: [] });

    const open = (symbol: string, side: '' | 'buy' | 'sell' = '') =>
      loadedOrders(qc.getQueryData<PagedOrders>(spotKeys.open(symbol, side)));
    applyOrder(qc, order(7, 'open'));
    expect(open('').list.map((o) => o.id)).toEqual([7]);
    expect(open('BTC_USDT').total).toBe(1);
    expect(open('ETH_USDT').list).toEqual([]);
    expect(open('BTC_USDT', 'buy').list).toEqual([]);

    const fill = {
      id: 1,
      price: '100',
      quantity: '1',
      quote: '100',
      fee: '0.1',
      feeAsset: 'USDT',
      role: 'maker' as const,
      ts: 9,
    };
    applyOrder(qc, order(7, 'filled'), [fill]);
    expect(open('')).toEqual({ list: [], total: 0 });
    const all = qc.getQueryData<InfiniteData<Paged<SpotOrder>, number>>(spotKeys.history('', ''));
    expect(all?.pages[0]?.list.map((o) => o.status)).toEqual(['filled']);
    // A sell does not belong in a list of buys.
    const buys = qc.getQueryData<InfiniteData<Paged<SpotOrder>, number>>(spotKeys.history('BTC_USDT', 'buy'));
    expect(buys?.pages[0]?.list).toEqual([]);
    expect(qc.getQueryData<{ order: SpotOrder; fills: unknown[] }>(spotKeys.order(7))).toMatchObject({
      order: { status: 'filled' },
      fills: [fill],
    });
    // The same frame again (it arrives on both order channels) changes nothing.
    applyOrder(qc, order(7, 'filled'), [fill]);
    expect(
      qc.getQueryData<InfiniteData<Paged<SpotOrder>, number>>(spotKeys.history('', ''))?.pages[0]?.list,
    ).toHaveLength(1);
  });

  it('keeps a list loaded page by page whole: an order leaves the page that holds it, a new one opens the first', () => {
    const qc = new QueryClient();
    const ids = (n: number, from: number) => Array.from({ length: n }, (_, i) => order(from - i, 'open'));
    const page = (list: SpotOrder[], n: number): Paged<SpotOrder> => ({ list, total: 5, page: n, size: 3 });
    qc.setQueryData<PagedOrders>(spotKeys.open(''), {
      pages: [page(ids(3, 10), 1), page(ids(2, 7), 2)],
      pageParams: [1, 2],
    });
    const open = () => loadedOrders(qc.getQueryData<PagedOrders>(spotKeys.open('')));
    expect(open()).toMatchObject({ total: 5 });
    expect(open().list.map((o) => o.id)).toEqual([10, 9, 8, 7, 6]);
    // Order 6, on the second page, is filled; order 11 is placed.
    applyOrder(qc, order(6, 'filled'));
    applyOrder(qc, order(11, 'open'));
    expect(open().list.map((o) => o.id)).toEqual([11, 10, 9, 8, 7]);
    expect(open().total).toBe(5);
    // Every page carries the new total, so "more" is asked of the server only when there is more.
    const cached = qc.getQueryData<PagedOrders>(spotKeys.open(''));
    expect(cached?.pages.map((p) => p.total)).toEqual([5, 5]);
    // An order seen on two pages (it moved while they loaded) is listed once.
    const moved: PagedOrders = { pages: [page(ids(3, 10), 1), page(ids(3, 8), 2)], pageParams: [1, 2] };
    expect(loadedOrders(moved).list.map((o) => o.id)).toEqual([10, 9, 8, 7, 6]);
  });
});
