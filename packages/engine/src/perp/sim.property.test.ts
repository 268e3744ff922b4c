import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { opArb, setupArb, simulate } from './test/workload';

/**
 * The reference simulation: users trade two contracts against each other and a market maker, marks move (with
 * gaps that bankrupt positions), funding settles, and the full liquidation process runs — IOC into the market
 * maker within the limit, the insurance fund's takeover at the bankruptcy price, ADL. After every step:
 * - value is conserved: users' wallets and pots + fees + insurance fund + clearing = deposits, exactly;
 * - the clearing account (+ unpaid losses) is exactly −Σ side × cost of the open positions, i.e. the open uPnL:
 *   realized PnL, fees and funding are exact to the unit, nothing leaks;
 * - open interest balances per contract; nothing that must not be negative is (wallets, pots, fund, fees,
 *   unpaid losses, lots, costs);
 * - after a sweep no pool is liquidatable, and none is left "in liquidation" below its buffer.
 * The insurance fund alone may end below zero, and only after an insolvency (the fund and every solvent
 * counterparty together could not absorb a bankrupt rest): the exchange's capital is the last backstop.
 */

describe('reference simulation (property)', () => {
  it(
    'conserves value through trading, funding, liquidation, insurance takeover and ADL; nothing goes negative',
    { timeout: 60_000 },
    () => {
      const totals = { trades: 0, liquidations: 0, partial: 0, takeovers: 0, adl: 0, fundings: 0, cancels: 0 };
      fc.assert(
        fc.property(setupArb, fc.array(opArb, { minLength: 30, maxLength: 200 }), (setup, ops) => {
          const x = simulate(setup, ops);
          for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += x.seen[k];
        }),
        // a failing workload shrinks for at most a minute, then reports what it has
        { numRuns: 400, plugins: [fc.interruptAfterTimeLimit(60_000, { failOnInterrupt: true })] },
      );
      // the workloads reach every path
      expect(totals.liquidations).toBeGreaterThan(100);
      expect(totals.partial).toBeGreaterThan(10);
      expect(totals.takeovers).toBeGreaterThan(10);
      expect(totals.adl).toBeGreaterThan(10);
      expect(totals.fundings).toBeGreaterThan(50);
      expect(totals.cancels).toBeGreaterThan(10);
    },
  );
});
