import { NewSpotOrderBody } from '@bourse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickOrderBody } from './fast-body';

/** The hand-written fast path must never accept what the contract refuses, nor read anything differently. */
describe('the order body fast path', () => {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const decimal = fc.oneof(fc.stringMatching(/^\d{1,6}(\.\d{1,8})?$/), fc.constantFrom('', '1e5', '-1', '0.', 'abc'));
  const body = fc.record(
    {
      symbol: fc.oneof(fc.constantFrom('BTC_USDT', 'ETH_USDT', 'btc_usdt', 'BTCUSDT', ''), fc.string()),
      side: fc.constantFrom('buy', 'sell', 'BUY', 'x'),
      type: fc.constantFrom('limit', 'market', 'stop'),
      price: maybe(decimal),
      quantity: maybe(decimal),
      quoteQuantity: maybe(decimal),
      timeInForce: maybe(fc.constantFrom('GTC', 'IOC', 'FOK', 'DAY')),
      postOnly: maybe(fc.oneof(fc.boolean(), fc.constant('true'))),
      selfTrade: maybe(fc.constantFrom('cancel_taker', 'cancel_maker', 'cancel_both', 'none')),
      clientOrderId: maybe(fc.string({ maxLength: 40 })),
      extra: maybe(fc.string()),
    },
    { requiredKeys: [] },
  );

  it('accepts only bodies the contract accepts, with the same result', () => {
    fc.assert(
      fc.property(body, (raw) => {
        const input = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
        const quick = quickOrderBody(input);
        const zod = NewSpotOrderBody.safeParse(input);
        if (quick !== undefined) {
          expect(zod.success).toBe(true);
          expect(quick).toEqual(zod.data);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the common shapes', () => {
    const limit = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '60000.5', quantity: '0.01' };
    expect(quickOrderBody(limit)).toEqual({
      ...limit,
      timeInForce: 'GTC',
      postOnly: false,
      selfTrade: 'cancel_taker',
    });
    expect(quickOrderBody({ symbol: 'BTC_USDT', side: 'buy', type: 'market', quoteQuantity: '100' })).toBeDefined();
    expect(quickOrderBody({ ...limit, price: undefined })).toBeUndefined();
  });
});
