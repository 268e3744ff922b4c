import type { SwapAdminPosition } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import { byRisk, riskTone } from './api';
import { symbolOf, uidOf } from './components/Filters';

function position(id: number, marginRatio: string | null, inLiquidation = false): SwapAdminPosition {
  return {
    id,
    uid: 10000000 + id,
    owner: String(10000000 + id),
    symbol: 'BTC_USDT',
    side: 'long',
    marginMode: 'isolated',
    leverage: 20,
    lots: 10,
    size: '0.01',
    entryPrice: '20000',
    markPrice: '19500',
    liquidationPrice: '19080.4',
    bankruptcyPrice: '19000',
    notional: '195',
    margin: '10',
    initialMargin: '10',
    maintenanceMargin: '0.8',
    marginRatio,
    unrealizedPnl: '-5',
    roe: '-50.00',
    realizedPnl: '0',
    fees: '0.1',
    funding: '0',
    adl: 0,
    takeProfit: null,
    stopLoss: null,
    maxRemovableMargin: '0',
    inLiquidation,
    status: 'open',
    closeKind: null,
    exitPrice: null,
    closedLots: 0,
    openedAt: id,
    updatedAt: id,
    closedAt: null,
  };
}

describe('positions nearest liquidation first', () => {
  it('puts positions in liquidation first, then equity gone, then by the server’s margin ratio, highest first', () => {
    const list = [
      position(1, '12.50'),
      position(2, '95.01'),
      position(3, null),
      position(4, '95.1'),
      position(5, '3', true),
      position(6, '12.5'),
    ];
    expect(byRisk(list).map((p) => p.id)).toEqual([5, 3, 4, 2, 1, 6]);
    // The server's page is not changed.
    expect(list.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('tones a margin ratio: 80% and more danger, 50% and more attention', () => {
    expect(riskTone('80.00', false)).toBe('danger');
    expect(riskTone('79.99', false)).toBe('attention');
    expect(riskTone('50', false)).toBe('attention');
    expect(riskTone('49.9', false)).toBe('success');
    expect(riskTone(null, false)).toBe('danger');
    expect(riskTone('1', true)).toBe('danger');
  });
});

describe('list filters', () => {
  it('reads a contract the way an operator types it', () => {
    expect(symbolOf(' btc ')).toBe('BTC_USDT');
    expect(symbolOf('btcusdt')).toBe('BTC_USDT');
    expect(symbolOf('eth/usdt')).toBe('ETH_USDT');
    expect(symbolOf('SOL_USDT')).toBe('SOL_USDT');
    expect(symbolOf('')).toBe('');
  });
  it('takes a uid only as digits', () => {
    expect(uidOf('10000001')).toBe(10000001);
    expect(uidOf('abc')).toBeUndefined();
    expect(uidOf(undefined)).toBeUndefined();
  });
});
