import type { SwapClose, SwapOrder } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import {
  addClose,
  listShows,
  loadedItems,
  mergeTrades,
  type PagedList,
  positionsFromFrame,
  upsertCandle,
  upsertHistoryOrder,
  upsertOpenOrder,
  upsertPosition,
  withTickerInList,
} from './cache';
import { itemFixture, orderFixture, positionFixture, tickerFixture } from './testing';

function pages<T>(...lists: T[][]): PagedList<T> {
  const total = lists.reduce((n, l) => n + l.length, 0);
  return {
    pages: lists.map((list, i) => ({ list, total, page: i + 1, size: 20 })),
    pageParams: lists.map((_, i) => i + 1),
  };
}

describe('tickers', () => {
  it('a newer ticker replaces its contract’s, an older frame does not', () => {
    const list = [itemFixture(), itemFixture({ symbol: 'ETH_USDT', base: 'ETH' })];
    const newer = withTickerInList(list, tickerFixture({ last: '20500.0', ts: 2_000 }));
    expect(newer?.[0]?.ticker.last).toBe('20500.0');
    expect(newer?.[1]).toBe(list[1]);
    expect(withTickerInList(newer, tickerFixture({ last: '1.0', ts: 500 }))).toBe(newer);
  });
  it('trades merge by id, newest first; the current candle replaces or appends', () => {
    const a = { id: 1, price: '1', quantity: '1', side: 'buy' as const, ts: 1 };
    const b = { id: 2, price: '2', quantity: '1', side: 'sell' as const, ts: 2 };
    expect(mergeTrades([a], [b, a]).map((t) => t.id)).toEqual([2, 1]);
    const c = { t: 60, o: '1', h: '1', l: '1', c: '1', v: '0', qv: '0' };
    expect(upsertCandle([c], { ...c, c: '2' })).toEqual([{ ...c, c: '2' }]);
    expect(upsertCandle([c], { ...c, t: 120 })).toHaveLength(2);
    expect(upsertCandle(undefined, c)).toBeUndefined();
  });
});

describe('positions', () => {
  it('a positions frame replaces the list, without closed or empty ones, newest first', () => {
    const older = positionFixture({ id: 1, openedAt: 1 });
    const newer = positionFixture({ id: 2, openedAt: 5, symbol: 'ETH_USDT' });
    const gone = positionFixture({ id: 3 });
    const empty = positionFixture({ id: 4, lots: 0 });
    expect(positionsFromFrame([older, newer, gone, empty], [gone]).map((p) => p.id)).toEqual([2, 1]);
  });
  it('an answer replaces its position unless a newer frame moved on; a closed one leaves', () => {
    const current = positionFixture({ updatedAt: 10, margin: '12' });
    expect(upsertPosition([current], positionFixture({ updatedAt: 5, margin: '99' }))?.[0]?.margin).toBe('12');
    expect(upsertPosition([current], positionFixture({ updatedAt: 20, margin: '15' }))?.[0]?.margin).toBe('15');
    expect(upsertPosition([current], positionFixture({ updatedAt: 20, status: 'closed', lots: 0 }))).toEqual([]);
  });
});

describe('orders and records', () => {
  it('an open list keeps a resting order and drops a finished one', () => {
    const resting = orderFixture();
    const list = pages<SwapOrder>([resting]);
    const partial = upsertOpenOrder(list, orderFixture({ status: 'partial', filledLots: 2 }));
    expect(loadedItems(partial)).toEqual({ list: [expect.objectContaining({ status: 'partial' })], total: 1 });
    const added = upsertOpenOrder(list, orderFixture({ id: 12 }));
    expect(loadedItems(added).list.map((o) => o.id)).toEqual([12, 11]);
    expect(loadedItems(added).total).toBe(2);
    const done = upsertOpenOrder(list, orderFixture({ status: 'trading', filledLots: 5 }));
    expect(loadedItems(done)).toEqual({ list: [], total: 0 });
  });
  it('a history list takes finished orders only', () => {
    const list = pages<SwapOrder>([]);
    expect(upsertHistoryOrder(list, orderFixture())).toBe(list);
    expect(loadedItems(upsertHistoryOrder(list, orderFixture({ status: 'cancelled' }))).total).toBe(1);
  });
  it('a close shows once even when the answer and the frame both bring it', () => {
    const close: SwapClose = {
      id: 5,
      positionId: 7,
      orderId: 11,
      symbol: 'BTC_USDT',
      side: 'long',
      lots: 5,
      entryPrice: '20000.0',
      exitPrice: '20100.0',
      realizedPnl: '0.5',
      fee: '0.05',
      kind: 'manual',
      final: false,
      ts: 3,
    };
    const once = addClose(pages<SwapClose>([]), close);
    expect(loadedItems(addClose(once, close))).toEqual({ list: [close], total: 1 });
  });
  it('a list filtered by contract and state shows only its records', () => {
    expect(listShows({ symbol: '' }, { symbol: 'ETH_USDT' })).toBe(true);
    expect(listShows({ symbol: 'BTC_USDT' }, { symbol: 'ETH_USDT' })).toBe(false);
    expect(listShows({ symbol: '', status: 'cancelled' }, { symbol: 'BTC_USDT', status: 'trading' })).toBe(false);
  });
});
