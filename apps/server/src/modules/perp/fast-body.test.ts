import { NewSwapOrderBody } from '@bourse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickSwapOrderBody } from './fast-body';

/** The hand-written fast path must never accept what the contract refuses, nor read anything differently. */
describe('the contract order body fast path', () => {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const decimal = fc.oneof(fc.stringMatching(/^\d{1,6}(\.\d{1,8})?$/), fc.constantFrom('', '1e5', '-1', '0.', 'abc'));
  const body = fc.record(
    {
      symbol: fc.oneof(fc.constantFrom('BTC_USDT', 'ETH_USDT', 'btc_usdt', 'BTCUSDT', ''), fc.string()),
      side: fc.constantFrom('buy', 'sell', 'BUY', 'x'),
      type: fc.constantFrom('limit', 'market', 'stop'),
      price: maybe(decimal),
      lots: fc.oneof(
        fc.integer({ min: -5, max: 200_000_000 }),
        fc.constantFrom(0, 1, 100_000_000, 100_000_001, 1.5, Number.NaN, '7', '', null),
      ),
      timeInForce: maybe(fc.constantFrom('GTC', 'IOC', 'FOK', 'DAY')),
      postOnly: maybe(fc.oneof(fc.boolean(), fc.constant('true'))),
      reduceOnly: maybe(fc.oneof(fc.boolean(), fc.constant(1))),
      takeProfit: maybe(decimal),
      stopLoss: maybe(decimal),
      clientOrderId: maybe(fc.oneof(fc.string({ maxLength: 40 }), fc.constant(5))),
      extra: maybe(fc.string()),
    },
    { requiredKeys: [] },
  );

  it('accepts only bodies the contract accepts, with the same result', () => {
    fc.assert(
      fc.property(body, (raw) => {
        const input = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
        const quick = quickSwapOrderBody(input);
        const zod = NewSwapOrderBody.safeParse(input);
        if (quick !== undefined) {
          expect(zod.success).toBe(true);
          expect(quick).toEqual(zod.data);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the common shapes', () => {
    const limit = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '60000.5', lots: 3 };
    expect(quickSwapOrderBody(limit)).toEqual({
      ...limit,
      timeInForce: 'GTC',
      postOnly: false,
      reduceOnly: false,
    });
    const market = { symbol: 'BTC_USDT', side: 'sell', type: 'market', lots: 1, reduceOnly: true, clientOrderId: 'c' };
    expect(quickSwapOrderBody(market)).toEqual(NewSwapOrderBody.parse(market));
    expect(quickSwapOrderBody({ ...limit, price: undefined })).toBeUndefined();
    expect(quickSwapOrderBody({ ...limit, lots: '3' })).toBeUndefined();
  });
});
