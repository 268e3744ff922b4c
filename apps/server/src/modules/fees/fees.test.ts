import type { SpotOrder } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestServer, type TestUser } from '../../test/harness';
import { user } from '../ledger';
import { balance, expectConsistent, fund, placed, startSpotServer, units } from '../spot/testing';
import { type FeeCharge, FeeService } from './service';

describe('rates', () => {
  it('take the added discounts off the base, rounding the discount down, never below zero', () => {
    const fees = new FeeService();
    expect(fees.rate(7, 'spot', 1000)).toBe(1000);
    fees.useDiscount((uid) => (uid === 7 ? 100_000 : 0));
    fees.useDiscount((uid, product) => (uid === 7 && product === 'futures' ? 250_000 : 0));
    expect(fees.rate(7, 'spot', 1000)).toBe(900);
    expect(fees.rate(7, 'futures', 1000)).toBe(650);
    // 10% of 333 ppm is 33.3: the discount is 33, the rate 300.
    expect(fees.rate(7, 'spot', 333)).toBe(300);
    expect(fees.rate(8, 'spot', 1000)).toBe(1000);
    // System traders pay the base; a discount of 100% or more is a free trade, not a payment.
    expect(fees.rate(null, 'spot', 1000)).toBe(1000);
    fees.useDiscount(() => 2_000_000);
    expect(fees.rate(8, 'spot', 1000)).toBe(0);
  });

  it('tell listeners only of fees actually paid', () => {
    const fees = new FeeService();
    const seen: FeeCharge[][] = [];
    expect(fees.listening).toBe(false);
    fees.onCharged((charges) => seen.push([...charges]));
    expect(fees.listening).toBe(true);
    const base = { product: 'spot', asset: 'USDT', reference: 'r', trade: 'r', role: 'maker', at: 0 } as const;
    const account = user(1, 'spot', 'USDT');
    fees.charged([{ ...base, uid: 1, amount: 0n, account }]);
    fees.charged([
      { ...base, uid: 1, amount: 0n, account },
      { ...base, uid: 2, amount: 5n, account },
    ]);
    expect(seen).toEqual([[{ ...base, uid: 2, amount: 5n, account }]]);
  });
});

describe('spot trades through the fees module', () => {
  let server: TestServer;
  let seller: TestUser;
  let buyer: TestUser;
  let inviter: TestUser;
  const seen: FeeCharge[] = [];

  beforeAll(async () => {
    server = await startSpotServer();
    seller = await registerUser(server);
    buyer = await registerUser(server);
    inviter = await registerUser(server);
    await fund(server.ctx, [
      { uid: seller.uid, asset: 'BTC', amount: '1' },
      { uid: buyer.uid, asset: 'USDT', amount: '100000' },
    ]);
    const { fees, ledger } = server.ctx;
    // The buyer's membership halves their fees; the seller was invited: 20% of their fees go to the inviter.
    fees.useDiscount((uid) => (uid === buyer.uid ? 500_000 : 0));
    fees.onCharged((charges) => {
      for (const charge of charges) {
        seen.push(charge);
        if (charge.uid !== seller.uid) continue;
        ledger.transfer({
          reference: `test:rebate:${charge.reference}:${charge.uid}`,
          reason: 'test.rebate',
          from: charge.account,
          to: user(inviter.uid, 'spot', charge.asset),
          amount: (charge.amount * 2n) / 10n,
        });
      }
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('charge the discounted rate and pay rebates out of the fee, in the trade’s transaction', async () => {
    const order = (side: 'buy' | 'sell', price: string, quantity: string) => ({
      symbol: 'BTC_USDT',
      side,
      type: 'limit',
      price,
      quantity,
    });
    await placed(server, seller, order('sell', '65432.1', '0.12345'));
    const bid: SpotOrder = await placed(server, buyer, order('buy', '70000', '0.1'));
    expect(bid.status).toBe('filled');
    // The buyer (taker, 0.1%) pays half: 0.1 × 0.0005 = 0.00005 BTC.
    expect(bid.fee).toBe('0.00005');
    expect(balance(server.ctx, buyer.uid, 'BTC').available).toBe(units('0.09995'));
    // The seller (maker, 0.1%) pays 6.54321 USDT; a fifth of it (1.308642) goes to the inviter.
    expect(balance(server.ctx, seller.uid, 'USDT').available).toBe(units('6536.66679'));
    expect(balance(server.ctx, inviter.uid, 'USDT').available).toBe(units('1.308642'));
    expect(seen.map((c) => [c.uid, c.asset, c.amount, c.role])).toEqual([
      [buyer.uid, 'BTC', units('0.00005'), 'taker'],
      [seller.uid, 'USDT', units('6.54321'), 'maker'],
    ]);
    expect(seen[0]?.reference).toMatch(/^spot:t:\d+$/);
    expectConsistent(server.ctx);
  });
});
