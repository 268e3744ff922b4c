import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/harness';
import { DomainError } from '../../lib/errors';
import {
  type C2CWorld,
  fiatBalance,
  FUND_PASSWORD,
  fundFiat,
  merchant,
  sellAd,
  startC2CServer,
  verifiedUser,
} from './testing';

/**
 * The state machine under random interleavings of buyers, the seller, the scheduler's timeouts and operators'
 * rulings: the escrow always equals what non-final orders hold, no coin is created or lost, the ledger reconciles,
 * no order finishes twice — and once time runs and operators rule, no order is left holding money.
 */
const Step: fc.Arbitrary<StepValue> = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), who: fc.nat(1), amount: fc.integer({ min: 10, max: 200 }) }),
  fc.record({
    kind: fc.constantFrom(
      'pay' as const,
      'cancel' as const,
      'cancelNotPaid' as const,
      'release' as const,
      'appealBuyer' as const,
      'appealSeller' as const,
      'withdraw' as const,
      'ruleRelease' as const,
      'ruleReturn' as const,
    ),
    pick: fc.nat(20),
  }),
  fc.record({ kind: fc.constant('advance' as const), minutes: fc.constantFrom(1, 5, 14, 16, 31) }),
);

let w: C2CWorld;
let seller: Awaited<ReturnType<typeof merchant>>;
let buyers: TestUser[];
let adId: number;

beforeAll(async () => {
  w = await startC2CServer();
  seller = await merchant(w, '1000000');
  adId = await sellAd(w, seller, { total: '100000', minAmount: '10', maxAmount: '100000', fixedPrice: '7.00' });
  buyers = [await verifiedUser(w), await verifiedUser(w)];
  fundFiat(w, buyers[0]!.uid, 'USDT', '1');
}, 60_000);
afterAll(async () => {
  await w.server.close();
});

function total(): bigint {
  let sum = 0n;
  for (const uid of [seller.u.uid, ...buyers.map((b) => b.uid)]) {
    const b = fiatBalance(w, uid);
    sum += b.available + b.frozen;
  }
  return sum;
}

type StepValue =
  | { kind: 'order'; who: number; amount: number }
  | { kind: 'advance'; minutes: number }
  | {
      kind:
        | 'pay'
        | 'cancel'
        | 'cancelNotPaid'
        | 'release'
        | 'appealBuyer'
        | 'appealSeller'
        | 'withdraw'
        | 'ruleRelease'
        | 'ruleReturn';
      pick: number;
    };

async function apply(step: StepValue, ids: number[]): Promise<void> {
  const c2c = w.server.ctx.c2c;
  const pickId = (n: number) => ids[n % Math.max(ids.length, 1)];
  const who = (id: number) => {
    const o = c2c.adminOrder(id).order;
    return { buyer: o.buyer.uid, seller: o.seller.uid, version: o.version };
  };
  switch (step.kind) {
    case 'order': {
      const o = c2c.createOrder(buyers[step.who]!.uid, { adId, amount: `${step.amount}.00` }, () => undefined);
      ids.push(o.id);
      return;
    }
    case 'advance':
      w.server.clock.advance(step.minutes * 60_000);
      await w.server.runDue();
      return;
  }
  const id = pickId(step.pick);
  if (id === undefined) return;
  const p = who(id);
  switch (step.kind) {
    case 'pay': {
      const method = c2c.order(p.buyer, id).paymentMethods[0]!.id;
      c2c.pay(p.buyer, { id, paymentMethodId: method });
      return;
    }
    case 'cancel':
      c2c.cancel(p.buyer, { id, notPaid: false, acceptPenalty: false });
      return;
    case 'cancelNotPaid':
      c2c.cancel(p.buyer, { id, notPaid: true, acceptPenalty: true });
      return;
    case 'release':
      await c2c.release(p.seller, { id, fundPassword: FUND_PASSWORD }, () => undefined);
      return;
    case 'appealBuyer':
      c2c.appeal(p.buyer, id, 'I paid but nothing came back', []);
      return;
    case 'appealSeller':
      c2c.appeal(p.seller, id, 'The money never arrived here', []);
      return;
    case 'withdraw':
      c2c.withdrawAppeal(p.buyer, { id });
      return;
    case 'ruleRelease':
      c2c.rule(1, id, { outcome: 'release', reasonCode: 'buyer_paid', note: '' });
      return;
    case 'ruleReturn':
      c2c.rule(1, id, { outcome: 'return', reasonCode: 'buyer_not_paid', note: '' });
      return;
  }
}

describe('c2c state machine', () => {
  it('never strands, creates or loses money, whatever happens in whatever order', async () => {
    const start = total();
    await fc.assert(
      fc.asyncProperty(fc.array(Step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const ids: number[] = [];
        for (const step of steps) {
          try {
            await apply(step, ids);
          } catch (error) {
            // A refused action changes nothing; only catalogue errors may refuse.
            if (!(error instanceof DomainError)) throw error;
          }
          expect(w.server.ctx.c2c.escrowProblems()).toEqual([]);
          expect(total()).toBe(start);
        }
        // Time runs out for everything; every appeal gets a ruling: no order is left holding money.
        for (let i = 0; i < 3; i++) {
          w.server.clock.advance(60 * 60_000);
          await w.server.runDue();
        }
        const c2c = w.server.ctx.c2c;
        for (const id of ids) {
          const o = c2c.adminOrder(id).order;
          if (o.state === 'appeal') c2c.rule(1, id, { outcome: 'return', reasonCode: 'buyer_unresponsive', note: '' });
        }
        for (const id of ids) {
          const o = c2c.adminOrder(id).order;
          expect(['completed', 'cancelled']).toContain(o.state);
          expect(o.escrowHeld).toBe('0');
        }
        expect(c2c.escrowProblems()).toEqual([]);
        expect(total()).toBe(start);
      }),
      { numRuns: 25 },
    );
    const report = w.server.ctx.ledger.reconcile();
    expect(report.problems).toEqual([]);
  }, 240_000);
});
