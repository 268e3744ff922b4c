import type { SwapAccount, SwapOrder, SwapPosition } from '@bourse/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyOrder, applyPositionsFrame, futuresKeys } from './api';
import { loadedItems, type PagedList } from './cache';
import { orderFixture, positionFixture } from './testing';

const account: SwapAccount = {
  asset: 'USDT',
  walletBalance: '500',
  available: '400',
  frozen: '0',
  free: '390',
  unpaidLoss: '0',
  unrealizedPnl: '1',
  crossEquity: '501',
  crossInitialMargin: '10',
  crossMaintenanceMargin: '0.8',
  crossMarginRatio: '0.16',
  isolatedMargin: '0',
  equity: '501',
  openPositions: 1,
  transferLocked: true,
};

function list(orders: SwapOrder[]): PagedList<SwapOrder> {
  return { pages: [{ list: orders, total: orders.length, page: 1, size: 50 }], pageParams: [1] };
}

function isInvalid(client: QueryClient, key: readonly unknown[]): boolean {
  return client.getQueryState(key)?.isInvalidated ?? false;
}

describe('live frames into the cache', () => {
  it('a positions frame replaces my positions and account with the server’s figures, as they are', () => {
    const client = new QueryClient();
    client.setQueryData(futuresKeys.positions, [positionFixture({ markPrice: '20000.0' })]);
    const moved = positionFixture({ markPrice: '20150.0', unrealizedPnl: '1.50000000', liquidationPrice: '19081.2' });
    applyPositionsFrame(client, { positions: [moved], account, closed: [] });
    expect(client.getQueryData<SwapPosition[]>(futuresKeys.positions)).toEqual([moved]);
    expect(client.getQueryData<SwapAccount>(futuresKeys.account)).toEqual(account);
  });

  it('a closed position leaves the list and the records are asked again', () => {
    const client = new QueryClient();
    const open = positionFixture();
    client.setQueryData(futuresKeys.positions, [open]);
    client.setQueryData(futuresKeys.records('positionHistory', ''), list([]));
    applyPositionsFrame(client, {
      positions: [],
      account,
      closed: [{ ...open, lots: 0, status: 'closed', closeKind: 'manual' }],
    });
    expect(client.getQueryData(futuresKeys.positions)).toEqual([]);
    expect(isInvalid(client, futuresKeys.records('positionHistory', ''))).toBe(true);
  });

  it('a mark-only frame asks nothing again', () => {
    const client = new QueryClient();
    client.setQueryData(futuresKeys.positions, [positionFixture()]);
    client.setQueryData(futuresKeys.records('fills', ''), list([]));
    applyPositionsFrame(client, { positions: [positionFixture({ markPrice: '20300.0' })], account, closed: [] });
    expect(isInvalid(client, futuresKeys.records('fills', ''))).toBe(false);
  });

  it('an order that filled leaves the open list, enters the history and refreshes positions and account', () => {
    const client = new QueryClient();
    const resting = orderFixture();
    client.setQueryData(futuresKeys.open('BTC_USDT'), list([resting]));
    client.setQueryData(futuresKeys.open(''), list([resting]));
    client.setQueryData(futuresKeys.history('', ''), list([]));
    client.setQueryData(futuresKeys.history('ETH_USDT', ''), list([]));
    client.setQueryData(futuresKeys.positions, []);
    client.setQueryData(futuresKeys.account, account);
    const filled = { ...resting, status: 'trading' as const, filledLots: 5, avgPrice: '19900.0', positionId: 7 };
    applyOrder(client, filled);
    expect(loadedItems(client.getQueryData(futuresKeys.open('BTC_USDT'))).list).toEqual([]);
    expect(loadedItems(client.getQueryData(futuresKeys.open(''))).list).toEqual([]);
    expect(loadedItems(client.getQueryData(futuresKeys.history('', ''))).list).toEqual([filled]);
    expect(loadedItems(client.getQueryData(futuresKeys.history('ETH_USDT', ''))).list).toEqual([]);
    expect(isInvalid(client, futuresKeys.positions)).toBe(true);
    expect(isInvalid(client, futuresKeys.account)).toBe(true);
  });

  it('a resting order without fills does not touch positions', () => {
    const client = new QueryClient();
    client.setQueryData(futuresKeys.open(''), list([]));
    client.setQueryData(futuresKeys.positions, []);
    applyOrder(client, orderFixture({ id: 12 }));
    expect(loadedItems(client.getQueryData(futuresKeys.open(''))).list.map((o) => o.id)).toEqual([12]);
    expect(isInvalid(client, futuresKeys.positions)).toBe(false);
  });
});
