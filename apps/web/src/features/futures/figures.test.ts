import { describe, expect, it } from 'vitest';
import {
  adlLit,
  checkCloseLots,
  checkTpSl,
  compareSigned,
  countdownText,
  lotsShare,
  lotsSize,
  maxNotionalAt,
  parseLots,
  ratePercentSigned,
  signOf,
  trendOfSigned,
} from './figures';
import { contractFixture } from './testing';

const contract = contractFixture();

describe('closing lots (spec §5)', () => {
  it('takes a whole number from 1 to the open lots', () => {
    expect(checkCloseLots('1', 10)).toBeNull();
    expect(checkCloseLots('10', 10)).toBeNull();
    expect(checkCloseLots('5.0', 10)).toBeNull();
  });
  it('refuses fractions, zero, text and empty with CLOSE_LOTS_INVALID', () => {
    for (const text of ['0', '1.5', '', 'abc', '-1']) expect(checkCloseLots(text, 10), text).toBe('CLOSE_LOTS_INVALID');
  });
  it('refuses more than the holding with CLOSE_LOTS_EXCEED_POSITION', () => {
    expect(checkCloseLots('11', 10)).toBe('CLOSE_LOTS_EXCEED_POSITION');
  });
});

describe('take-profit and stop-loss (spec §5)', () => {
  const base = { entry: '20000.0', last: '20100.0', contract };
  it('long: TP at least the entry and the last price, SL at most both', () => {
    expect(checkTpSl({ ...base, side: 'long', takeProfit: '20100.0', stopLoss: '20000.0' })).toBeNull();
    expect(checkTpSl({ ...base, side: 'long', takeProfit: '20050.0', stopLoss: '' })).toEqual({
      field: 'takeProfit',
      catalogue: 'TPSL_CONFLICT',
    });
    expect(checkTpSl({ ...base, side: 'long', takeProfit: '', stopLoss: '20050.0' })).toEqual({
      field: 'stopLoss',
      catalogue: 'TPSL_CONFLICT',
    });
  });
  it('short is the mirror image', () => {
    expect(checkTpSl({ ...base, side: 'short', takeProfit: '19000.0', stopLoss: '20200.0' })).toBeNull();
    expect(checkTpSl({ ...base, side: 'short', takeProfit: '20050.0', stopLoss: '' })?.catalogue).toBe('TPSL_CONFLICT');
    expect(checkTpSl({ ...base, side: 'short', takeProfit: '', stopLoss: '20050.0' })?.field).toBe('stopLoss');
  });
  it('a trigger off the tick or zero is PRICE_TICK_INVALID with the tick', () => {
    const halves = contractFixture({ tickSize: '0.5' });
    expect(checkTpSl({ ...base, contract: halves, side: 'long', takeProfit: '20200.3', stopLoss: '' })).toEqual({
      field: 'takeProfit',
      catalogue: 'PRICE_TICK_INVALID',
      params: { tick: '0.5' },
    });
    expect(checkTpSl({ ...base, side: 'long', takeProfit: '0', stopLoss: '' })?.catalogue).toBe('PRICE_TICK_INVALID');
  });
});

describe('display helpers', () => {
  it('compares signed decimals exactly', () => {
    expect(compareSigned('-0.1', '0')).toBe(-1);
    expect(compareSigned('20000.00000', '20000.0')).toBe(0);
    expect(compareSigned('0.3000000000000001', '0.3')).toBe(1);
  });
  it('colours and signs a figure by its sign, zero flat', () => {
    expect(trendOfSigned('-1.5')).toBe('fall');
    expect(trendOfSigned('0.0000')).toBe('flat');
    expect(trendOfSigned('+2')).toBe('rise');
    expect(signOf('3')).toBe('+');
    expect(signOf('-3')).toBe('-');
    expect(signOf('0')).toBeUndefined();
  });
  it('shows a funding rate as a percent with its sign', () => {
    expect(ratePercentSigned('0.0001')).toBe('0.01');
    expect(ratePercentSigned('-0.00025')).toBe('-0.025');
  });
  it('counts down to the funding instant', () => {
    expect(countdownText(8 * 3_600_000, 0)).toBe('08:00:00');
    expect(countdownText(61_999, 0)).toBe('00:01:01');
    expect(countdownText(0, 5_000)).toBe('00:00:00');
  });
  it('lights at most five ADL bars', () => {
    expect([adlLit(0), adlLit(3), adlLit(9), adlLit(-1)]).toEqual([0, 3, 5, 0]);
  });
  it('turns lots into the base quantity and shares into whole lots', () => {
    expect(lotsSize(25, contract)).toBe('0.025');
    expect(lotsShare(7, 50)).toBe(3);
    expect(lotsShare(1, 25)).toBe(0);
    expect(parseLots('12')).toBe(12);
    expect(parseLots('1.2')).toBeNull();
  });
  it('names the largest position a leverage allows from the tiers', () => {
    expect(maxNotionalAt(contract, 100)).toBe('50000');
    expect(maxNotionalAt(contract, 50)).toBe('250000');
    expect(maxNotionalAt(contract, 10)).toBe('1000000');
  });
});
