import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { post, registerUser, type TestUser } from '../../test/harness';
import { borrow, expectLoansConsistent, fundSpot, rid, seedLoansDemo, TestPrices } from '../loans/testing';
import { buy, expectMiningConsistent, seedMiningDemo } from '../mining/testing';
import { apply, createProject, OPENS } from '../subscription/testing';
import { createProduct, FIXED7, fundUsdt, redeem, startWealthServer, subscribe } from './testing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Action =
  | { kind: 'wealth'; who: number; fixed: boolean; amount: number }
  | { kind: 'redeem'; who: number }
  | { kind: 'apply'; who: number; amount: number }
  | { kind: 'machine'; who: number; machine: number; fuelDays: number }
  | { kind: 'borrow'; who: number; amount: number }
  | { kind: 'repay'; who: number }
  | { kind: 'price'; btc: number }
  | { kind: 'time'; ms: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('wealth' as const),
    who: fc.nat(1),
    fixed: fc.boolean(),
    amount: fc.integer({ min: 5, max: 3000 }),
  }),
  fc.record({ kind: fc.constant('redeem' as const), who: fc.nat(1) }),
  fc.record({ kind: fc.constant('apply' as const), who: fc.nat(1), amount: fc.integer({ min: 50, max: 6000 }) }),
  fc.record({
    kind: fc.constant('machine' as const),
    who: fc.nat(1),
    machine: fc.integer({ min: 1, max: 4 }),
    fuelDays: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({ kind: fc.constant('borrow' as const), who: fc.nat(1), amount: fc.integer({ min: 50, max: 7000 }) }),
  fc.record({ kind: fc.constant('repay' as const), who: fc.nat(1) }),
  fc.record({ kind: fc.constant('price' as const), btc: fc.constantFrom(100_000, 85_000, 79_000, 60_000) }),
  fc.record({ kind: fc.constant('time' as const), ms: fc.constantFrom(MINUTE, 17 * MINUTE, 5 * HOUR, 26 * HOUR) }),
);

/**
 * Each workload opens with one of each product's actions that succeeds, then goes on at random: six random lists alone
 * could leave a product untried (a borrow or a commitment never drawn, or drawn only where it is refused), and the
 * test would then pass without exercising it.
 */
const OPENING: Action[] = [
  { kind: 'wealth', who: 0, fixed: false, amount: 500 },
  { kind: 'apply', who: 1, amount: 500 },
  { kind: 'machine', who: 0, machine: 1, fuelDays: 2 },
  { kind: 'borrow', who: 1, amount: 1000 },
];

/**
 * The four earn products on one server under random workloads — wealth subscriptions and redemptions, new-coin
 * commitments through their window's end, machines bought and running, loans borrowed, repaid, called and
 * liquidated as the price moves, time passing by minutes to days: whatever the order, the ledger reconciles, each
 * loan's collateral is its hold and each machine's holds are what its row says.
 */
describe('the earn products under random workloads', () => {
  it('keep the ledger reconciled', { timeout: 600_000 }, async () => {
    // What went through over all runs: the workload must exercise every product, not only their refusals (the
    // opening actions alone make each count at least the number of runs).
    const done = { wealth: 0, apply: 0, machine: 0, borrow: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 24 }), async (drawn) => {
        const actions = [...OPENING, ...drawn];
        const world = await startWealthServer({ at: OPENS });
        const { server, ctx, clock } = world;
        try {
          const prices = new TestPrices();
          prices.set('BTC', '100000');
          ctx.loans.usePrices(prices);
          seedLoansDemo(ctx);
          seedMiningDemo(ctx);
          const flex = createProduct(ctx);
          const fixed = createProduct(ctx, FIXED7);
          const project = createProject(ctx, { startsAt: OPENS, endsAt: OPENS + 20 * HOUR });
          const users: TestUser[] = [await registerUser(server), await registerUser(server)];
          await fundUsdt(
            ctx,
            users.map((u) => ({ uid: u.uid, amount: '20000' })),
          );
          for (const u of users) await fundSpot(ctx, u.uid, 'BTC', '1');
          const positions = new Map<number, number[]>();
          const loans = new Map<number, number[]>();
          for (const a of actions) {
            if (a.kind === 'time') {
              clock.advance(a.ms);
              await server.runDue();
              continue;
            }
            if (a.kind === 'price') {
              prices.set('BTC', String(a.btc));
              continue;
            }
            const u = users[a.who] as TestUser;
            if (a.kind === 'wealth') {
              const r = await subscribe(server, u, { productId: a.fixed ? fixed : flex, amount: String(a.amount) });
              if (r.body.code === 200) {
                done.wealth++;
                positions.set(u.uid, [...(positions.get(u.uid) ?? []), r.body.data.id]);
              }
            } else if (a.kind === 'redeem') {
              const id = positions.get(u.uid)?.shift();
              if (id !== undefined) await redeem(server, u, { positionId: id, early: true });
            } else if (a.kind === 'apply') {
              if ((await apply(server, u, { projectId: project, amount: String(a.amount) })).body.code === 200)
                done.apply++;
            } else if (a.kind === 'machine') {
              if ((await buy(server, u, a.machine, (0.05 * a.fuelDays).toFixed(2))).body.code === 200) done.machine++;
            } else if (a.kind === 'borrow') {
              const r = await borrow(server, u, { amount: String(a.amount), collateral: '0.1' });
              if (r.body.code === 200) {
                done.borrow++;
                loans.set(u.uid, [...(loans.get(u.uid) ?? []), r.body.data.id]);
              }
            } else {
              const id = loans.get(u.uid)?.shift();
              if (id !== undefined) {
                await post(
                  server,
                  '/mapi/loans/repay',
                  { loanId: id, full: true, requestId: rid() },
                  { token: u.token },
                );
              }
            }
          }
          // A last day: every window ends, every liquidation started finishes.
          clock.advance(26 * HOUR);
          await server.runDue();
          await server.runDue();
          const report = ctx.ledger.reconcile();
          expect(report.problems).toEqual([]);
          expectLoansConsistent(ctx);
          expectMiningConsistent(ctx);
          expect(ctx.db.prepare("SELECT COUNT(*) FROM loans_liquidations WHERE phase <> 'done'").pluck().get()).toBe(0);
        } finally {
          await server.close();
        }
      }),
      { numRuns: 6 },
    );
    for (const n of Object.values(done)) expect(n).toBeGreaterThanOrEqual(6);
  });
});
