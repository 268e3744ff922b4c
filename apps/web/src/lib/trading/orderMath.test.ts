import { describe, expect, it } from 'vitest';
import {
  amountForPercent,
  checkOrder,
  feeOf,
  orderTotal,
  quantityForTotal,
  ratePercent,
  stepPrice,
  toUnits,
  truncateToStep,
} from './orderMath';

const BTC = {
  quote: 'USDT',
  pricePrecision: 2,
  quantityPrecision: 5,
  tickSize: '0.01',
  stepSize: '0.00001',
  minNotional: '5',
};
const DOGE = { ...BTC, pricePrecision: 5, quantityPrecision: 0, tickSize: '0.00001', stepSize: '1' };
/** A market whose tick and step are coarser than its precisions. */
const COARSE = { ...BTC, tickSize: '0.05', stepSize: '0.001' };

describe('decimal input', () => {
  it('reads decimal strings as units, cutting (never rounding) extra digits', () => {
    expect(toUnits('1.239', 2)).toBe(123n);
    expect(toUnits('.5', 2)).toBe(50n);
    expect(toUnits('7.', 0)).toBe(7n);
    expect(toUnits('', 2)).toBeNull();
    expect(toUnits('1e5', 2)).toBeNull();
  });

  it('truncates to the step and moves prices by whole ticks', () => {
    expect(truncateToStep('0.12345', '0.001', 5)).toBe('0.123');
    expect(truncateToStep('17', '5', 0)).toBe('15');
    expect(stepPrice('100.07', 1, COARSE)).toBe('100.1');
    expect(stepPrice('100.07', -1, COARSE)).toBe('100');
    expect(stepPrice('0.05', -1, COARSE)).toBe('0.05');
    expect(stepPrice('', 1, BTC)).toBe('0.01');
  });
});

describe('totals', () => {
  it('multiplies price and quantity exactly', () => {
    expect(orderTotal('96000.12', '0.00001', BTC)).toBe('0.9600012');
    expect(orderTotal('0.1', '0.3', BTC)).toBe('0.03'); // 0.1 × 0.3 in floats is 0.030000000000000002
    expect(orderTotal('', '1', BTC)).toBe('0');
  });

  it('turns a total into a quantity at the price, truncated to the step', () => {
    expect(quantityForTotal('100', '96000', BTC)).toBe('0.00104');
    expect(quantityForTotal('1', '0.32008', DOGE)).toBe('3');
    expect(quantityForTotal('100', '', BTC)).toBe('0');
  });
});

describe('percent of available', () => {
  it('sells that share of the base, truncated to the step', () => {
    expect(amountForPercent({ side: 'sell', percent: 50, available: '0.12345678' }, BTC)).toBe('0.06172');
    expect(amountForPercent({ side: 'sell', percent: 100, available: '0.5' }, COARSE)).toBe('0.5');
    expect(amountForPercent({ side: 'sell', percent: 25, available: '7' }, DOGE)).toBe('1');
  });

  it('buys what that share of the quote pays for at the limit price, never more than there is', () => {
    // 10000 USDT at 96000.12: 0.10416653… BTC, cut to 0.10416.
    const qty = amountForPercent({ side: 'buy', percent: 100, available: '10000', price: '96000.12' }, BTC);
    expect(qty).toBe('0.10416');
    expect(toUnits(orderTotal('96000.12', qty, BTC), 7)! <= toUnits('10000', 7)!).toBe(true);
    expect(amountForPercent({ side: 'buy', percent: 25, available: '10000', price: '96000.12' }, BTC)).toBe('0.02604');
    expect(amountForPercent({ side: 'buy', percent: 100, available: '10000', price: '' }, BTC)).toBe('0');
  });

  it('gives a market buy that share of the quote to spend, at price precision', () => {
    expect(amountForPercent({ side: 'buy', percent: 75, available: '1234.5678' }, BTC)).toBe('925.92');
    expect(amountForPercent({ side: 'buy', percent: 100, available: '0.009' }, BTC)).toBe('0');
  });
});

describe('fees', () => {
  it('shows rates as percents and estimates a fee, truncated', () => {
    expect(ratePercent('0.001')).toBe('0.1');
    expect(ratePercent('0.0005')).toBe('0.05');
    expect(feeOf('0.10416', '0.001', 8)).toBe('0.00010416');
    expect(feeOf('123.45', '0.001', 2)).toBe('0.12');
  });
});

describe('checks before sending (catalogue entries, as the server answers)', () => {
  const funds = { base: '0.5', quote: '10000' };

  it('asks for the missing field first', () => {
    expect(checkOrder({ side: 'buy', type: 'limit', price: '', amount: '1', total: '' }, BTC, funds)).toEqual({
      field: 'price',
      prompt: 'enterPrice',
    });
    expect(checkOrder({ side: 'sell', type: 'market', price: '', amount: '', total: '' }, BTC, funds)).toEqual({
      field: 'amount',
      prompt: 'enterAmount',
    });
    expect(checkOrder({ side: 'buy', type: 'market', price: '', amount: '', total: '0' }, BTC, funds)).toEqual({
      field: 'total',
      prompt: 'enterTotal',
    });
  });

  it('checks tick, step and minimum value', () => {
    expect(
      checkOrder({ side: 'buy', type: 'limit', price: '100.07', amount: '1', total: '' }, COARSE, funds),
    ).toMatchObject({ catalogue: 'PRICE_TICK_INVALID', params: { tick: '0.05' } });
    expect(
      checkOrder({ side: 'buy', type: 'limit', price: '100.05', amount: '0.0015', total: '' }, COARSE, funds),
    ).toMatchObject({ catalogue: 'QUANTITY_STEP_INVALID', params: { step: '0.001' } });
    expect(
      checkOrder({ side: 'buy', type: 'limit', price: '96000', amount: '0.00005', total: '' }, BTC, funds),
    ).toMatchObject({ field: 'amount', catalogue: 'BELOW_MIN_NOTIONAL', params: { min: '5', quote: 'USDT' } });
    expect(checkOrder({ side: 'buy', type: 'market', price: '', amount: '', total: '4.99' }, BTC, funds)).toMatchObject(
      { catalogue: 'BELOW_MIN_NOTIONAL' },
    );
  });

  it('checks the price band around the last price, with the server rounding', () => {
    const banded = { ...BTC, priceBandLow: '0.2', priceBandHigh: '5' };
    const order = (price: string) => ({ side: 'buy' as const, type: 'limit' as const, price, amount: '1', total: '' });
    const rich = { base: '0', quote: '10000000' };
    // Last 100.01: the low bound 20.002 rounds up to 20.01, the high bound 500.05 is exact.
    expect(checkOrder(order('20.00'), banded, rich, '100.01')).toEqual({
      field: 'price',
      catalogue: 'PRICE_OUT_OF_LIMIT',
      params: { low: '20%', high: '500%' },
    });
    expect(checkOrder(order('20.01'), banded, rich, '100.01')).toBeNull();
    expect(checkOrder(order('500.05'), banded, rich, '100.01')).toBeNull();
    expect(checkOrder(order('500.06'), banded, rich, '100.01')).toMatchObject({ catalogue: 'PRICE_OUT_OF_LIMIT' });
    // No band before the first trade, nor on a side whose ratio is "0".
    expect(checkOrder(order('1'), banded, rich, '0')).toMatchObject({ catalogue: 'BELOW_MIN_NOTIONAL' });
    expect(checkOrder(order('9000'), { ...banded, priceBandHigh: '0' }, rich, '100')).toBeNull();
    expect(checkOrder(order('10'), { ...banded, priceBandHigh: '0' }, rich, '100')).toMatchObject({
      params: { low: '20%', high: '∞' },
    });
  });

  it('checks what the spot wallet has available', () => {
    expect(
      checkOrder({ side: 'buy', type: 'limit', price: '96000', amount: '0.10417', total: '' }, BTC, funds),
    ).toMatchObject({ catalogue: 'INSUFFICIENT_BALANCE' });
    expect(
      checkOrder({ side: 'buy', type: 'limit', price: '96000', amount: '0.10416', total: '' }, BTC, funds),
    ).toBeNull();
    expect(
      checkOrder({ side: 'sell', type: 'market', price: '', amount: '0.50001', total: '' }, BTC, funds),
    ).toMatchObject({ catalogue: 'INSUFFICIENT_BALANCE' });
    expect(
      checkOrder({ side: 'buy', type: 'market', price: '', amount: '', total: '10000.01' }, BTC, funds),
    ).toMatchObject({ field: 'total', catalogue: 'INSUFFICIENT_BALANCE' });
    expect(
      checkOrder({ side: 'sell', type: 'limit', price: '99000', amount: '0.5', total: '' }, BTC, funds),
    ).toBeNull();
  });
});
