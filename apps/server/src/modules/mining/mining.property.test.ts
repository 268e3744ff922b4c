import { formatDecimal } from '@bourse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors';
import { registerUser } from '../../test/harness';
import { downFor, expectMiningConsistent, fundUsdt, nextDay, rid, startMiningServer, units } from './testing';

type Action =
  | { kind: 'buy'; who: number; machine: number; days: number }
  | { kind: 'refuel'; who: number; pick: number; days: number }
  | { kind: 'collect'; who: number }
  | { kind: 'day' }
  | { kind: 'down'; days: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('buy' as const),
    who: fc.nat(2),
    machine: fc.integer({ min: 1, max: 4 }),
    days: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({
    kind: fc.constant('refuel' as const),
    who: fc.nat(2),
    pick: fc.nat(5),
    days: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ kind: fc.constant('collect' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('day' as const) }),
  fc.record({ kind: fc.constant('down' as const), days: fc.integer({ min: 2, max: 4 }) }),
);

/**
 * Random purchases, refuels, collections and days (some across downtime): whatever the order, the ledger reconciles,
 * every machine's holds are what its row says, and what users received plus what the pool holds is what it was given.
 */
describe('mining under random workloads', () => {
  it('keeps the ledger and every machine consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (actions) => {
        const server = await startMiningServer();
        try {
          const { ctx } = server;
          const users = [await registerUser(server), await registerUser(server), await registerUser(server)];
          for (const u of users) await fundUsdt(ctx, u.uid, '2000');
          const machines = ctx.mining.machines('en');
          const poolTotal = (asset: string) => {
            const row = ctx.mining.pool().rows.find((r) => r.asset === asset);
            return units(row?.available ?? '0') + units(row?.reserved ?? '0');
          };
          const btcStart = poolTotal('BTC');
          const quiet = (fn: () => unknown) => {
            try {
              fn();
            } catch (e) {
              if (!(e instanceof DomainError)) throw e;
            }
          };
          for (const a of actions) {
            if (a.kind === 'day') await nextDay(server);
            else if (a.kind === 'down') await downFor(server, a.days);
            else {
              const u = users[a.who];
              if (!u) continue;
              if (a.kind === 'buy') {
                const m = machines[a.machine - 1];
                if (!m) continue;
                const fuel = formatDecimal(units(m.dailyFuel) * BigInt(a.days), 8);
                quiet(() => ctx.mining.buy(u.uid, { machineId: m.id, fuel, requestId: rid() }, () => undefined, 'en'));
              } else if (a.kind === 'refuel') {
                const mine = ctx.mining.miners(u.uid, { page: 1, size: 50 }, 'en').list;
                const m = mine[a.pick % Math.max(1, mine.length)];
                if (!m) continue;
                const amount = formatDecimal(units(m.dailyFuel) * BigInt(a.days), 8);
                quiet(() =>
                  ctx.mining.refuel(u.uid, { minerId: m.id, amount, requestId: rid() }, () => undefined, 'en'),
                );
              } else quiet(() => ctx.mining.collect(u.uid, { requestId: rid() }, () => undefined));
            }
            expectMiningConsistent(ctx);
          }
          // BTC paid out (collected to spot or waiting in mining wallets) came out of the pool, unit for unit.
          const paid = ctx.mining.totals().rows.find((r) => r.asset === 'BTC');
          expect(poolTotal('BTC') + units(paid?.produced ?? '0')).toBe(btcStart);
        } finally {
          await server.close();
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
