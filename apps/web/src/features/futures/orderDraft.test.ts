import { describe, expect, it } from 'vitest';
import { draftProblem, type OrderDraft } from './orderDraft';
import { contractFixture } from './testing';

function draft(over: Partial<OrderDraft> = {}): OrderDraft {
  return {
    side: 'buy',
    type: 'limit',
    price: '20000.0',
    lots: '5',
    reduceOnly: false,
    takeProfit: '',
    stopLoss: '',
    contract: contractFixture(),
    last: '20000.0',
    maxLots: 100,
    ...over,
  };
}

describe('the order form’s checks, in the server’s order', () => {
  it('passes a valid limit order', () => {
    expect(draftProblem(draft())).toBeNull();
  });
  it('a closed contract is PAIR_CLOSED before anything else', () => {
    expect(draftProblem(draft({ contract: contractFixture({ status: 'closed' }), price: '' }))).toEqual({
      field: 'lots',
      catalogue: 'PAIR_CLOSED',
    });
  });
  it('asks for a price, then checks the tick', () => {
    expect(draftProblem(draft({ price: '' }))).toEqual({ field: 'price', prompt: 'enterPrice' });
    expect(draftProblem(draft({ price: '20000.3', contract: contractFixture({ tickSize: '0.5' }) }))).toEqual({
      field: 'price',
      catalogue: 'PRICE_TICK_INVALID',
      params: { tick: '0.5' },
    });
  });
  it('a market order needs no price', () => {
    expect(draftProblem(draft({ type: 'market', price: '' }))).toBeNull();
  });
  it('asks for lots, then checks the contract’s range', () => {
    expect(draftProblem(draft({ lots: '' }))).toEqual({ field: 'lots', prompt: 'enterLots' });
    expect(draftProblem(draft({ lots: '0' }))).toEqual({ field: 'lots', catalogue: 'ORDER_AMOUNT_OUT_OF_RANGE' });
    expect(draftProblem(draft({ lots: '10001' }))).toEqual({ field: 'lots', catalogue: 'ORDER_AMOUNT_OUT_OF_RANGE' });
  });
  it('more lots than the server says may be opened is INSUFFICIENT_FUNDING, unless reduce-only', () => {
    expect(draftProblem(draft({ lots: '101' }))).toEqual({ field: 'lots', catalogue: 'INSUFFICIENT_FUNDING' });
    expect(draftProblem(draft({ lots: '101', reduceOnly: true }))).toBeNull();
    expect(draftProblem(draft({ lots: '101', maxLots: null }))).toBeNull();
  });
  it('checks TP/SL against the order price (limit) or the last price (market)', () => {
    expect(draftProblem(draft({ takeProfit: '19990.0' }))).toEqual({ field: 'takeProfit', catalogue: 'TPSL_CONFLICT' });
    expect(draftProblem(draft({ side: 'sell', takeProfit: '19990.0', stopLoss: '20010.0' }))).toBeNull();
    expect(draftProblem(draft({ type: 'market', price: '', last: '21000.0', takeProfit: '20500.0' }))).toEqual({
      field: 'takeProfit',
      catalogue: 'TPSL_CONFLICT',
    });
  });
});
