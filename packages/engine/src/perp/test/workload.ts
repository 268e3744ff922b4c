import fc from 'fast-check';
import { parseRate } from '@bourse/money';
import { hasRecovered, isLiquidatable, poolRisk } from '../pool';
import { defineContract } from '../contract';
import { BTC as BTC_DEMO, ETH as ETH_DEMO, USDT } from './fixtures';

/**
 * The demo contracts with a 0.2% liquidation fee: below MMR × (1 + buffer) of the first tier (0.48%), so a partial
 * liquidation can restore an account (at 0.5% every liquidation of a first-tier position closes whole).
 */
const BTC = defineContract({ ...BTC_DEMO, tiers: BTC_DEMO.tiers, liquidationFeePpm: 2_000 });
const ETH = defineContract({ ...ETH_DEMO, tiers: ETH_DEMO.tiers, liquidationFeePpm: 2_000 });
import { SimExchange, type SimAccount } from './exchange';

/** Random workloads for the reference simulation, and the invariants checked after every step. */

export type Op =
  | { kind: 'trade'; buyer: number; seller: number; contract: number; lots: number; offsetBp: number }
  | { kind: 'mark'; contract: number; moveBp: number; filled: number; price: number }
  | { kind: 'funding'; contract: number; premiumBp: number }
  | { kind: 'sweep'; filled: number; price: number }
  | { kind: 'orders'; account: number };

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('trade' as const),
      buyer: fc.nat(6),
      seller: fc.nat(6),
      contract: fc.nat(1),
      lots: fc.integer({ min: 1, max: 3_000 }),
      offsetBp: fc.integer({ min: -150, max: 150 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('mark' as const),
      contract: fc.nat(1),
      filled: fc.nat(1_000),
      price: fc.nat(1_000),
      // mostly small steps (so positions pass through the band between liquidation and bankruptcy), some gaps
      moveBp: fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: -40, max: 40 }) },
        { weight: 2, arbitrary: fc.integer({ min: -300, max: 300 }) },
        { weight: 1, arbitrary: fc.integer({ min: -2_500, max: 2_500 }) },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('funding' as const),
      contract: fc.nat(1),
      premiumBp: fc.integer({ min: -400, max: 400 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('sweep' as const), filled: fc.nat(1_000), price: fc.nat(1_000) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('orders' as const), account: fc.nat(6) }) },
);

export const setupArb = fc.record({
  wallets: fc.array(fc.integer({ min: 50, max: 20_000 }), { minLength: 5, maxLength: 5 }),
  modes: fc.array(fc.constantFrom('cross' as const, 'isolated' as const), { minLength: 10, maxLength: 10 }),
  leverage: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 5, maxLength: 5 }),
  fund: fc.integer({ min: 0, max: 5_000 }),
});

function sweep(x: SimExchange, users: readonly SimAccount[], filled: number, price: number): void {
  x.sweep(() => ({ filledPermille: filled, pricePermille: price }));
  for (const a of users) {
    for (const key of ['cross', BTC.symbol, ETH.symbol]) {
      const pool = x.pool(a, key);
      if (pool === null) continue;
      const risk = poolRisk(pool);
      must(!isLiquidatable(risk, pool.positions.length), `account ${a.id} ${key}: liquidatable after a sweep`);
      if (a.liquidation.get(key)?.inLiquidation === true) {
        must(hasRecovered(risk), `account ${a.id} ${key}: in liquidation below the buffer after a sweep`);
      }
    }
  }
  must(x.fund.wallet >= 0n || x.seen.backstops > 0, 'insurance fund ≥ 0 unless the system was insolvent');
}

export function checkInvariants(x: SimExchange): void {
  must(x.ledgerTotal() === x.deposits, 'value conserved: balances sum to the deposits');
  const { signedCost, unpaid } = x.openCostBalance();
  must(x.clearing + unpaid === signedCost, 'clearing + unpaid losses = −Σ side × cost of open positions');
  must(
    x.openInterestImbalance().every((n) => n === 0n),
    'open interest balances',
  );
  must(x.fees >= 0n, 'fees ≥ 0');
  for (const a of x.accounts) {
    // the insurance fund alone may go below zero, and only as the backstop of an insolvency
    const floor = a === x.fund && x.seen.backstops > 0 ? x.fund.wallet : 0n;
    must(a.wallet >= floor && a.unpaidLoss >= 0n, `account ${a.id}: wallet and unpaid loss ≥ 0`);
    for (const p of a.positions.values()) {
      must(p.lots > 0n && p.cost > 0n && p.margin >= 0n, `account ${a.id}: lots, cost, margin`);
    }
  }
}

export class InvariantError extends Error {}

function must(condition: boolean, what: string): void {
  if (!condition) throw new InvariantError(what);
}

export interface Setup {
  wallets: number[];
  modes: ('cross' | 'isolated')[];
  leverage: number[];
  fund: number;
}

export function simulate(setup: Setup, ops: readonly Op[]): SimExchange {
  const contracts = [BTC, ETH];
  const x = new SimExchange(contracts, [200_000n, 200_000n], BigInt(setup.fund) * USDT, 100_000_000n * USDT);
  const users: SimAccount[] = setup.wallets.map((w, i) =>
    x.addAccount(
      BigInt(w) * USDT,
      (symbol) => setup.modes[i * 2 + (symbol === BTC.symbol ? 0 : 1)]!,
      setup.leverage[i]!,
    ),
  );
  const who = (n: number): SimAccount => (n < users.length ? users[n]! : x.maker);
  checkInvariants(x);
  for (const op of ops) {
    const c = contracts[op.kind === 'sweep' || op.kind === 'orders' ? 0 : op.contract]!;
    const mark = x.mark(c.symbol);
    switch (op.kind) {
      case 'trade': {
        const raw = mark + (mark * BigInt(op.offsetBp)) / 10_000n;
        const price = raw - (raw % c.tickSize);
        x.trade(who(op.buyer), who(op.seller), c.symbol, BigInt(op.lots), price > 0n ? price : c.tickSize);
        break;
      }
      case 'mark': {
        // as the server does: every mark update is followed by a liquidation sweep
        const next = mark + (mark * BigInt(op.moveBp)) / 10_000n;
        x.marks.set(c.symbol, next > 1_000n ? next : 1_000n);
        sweep(x, users, op.filled, op.price);
        break;
      }
      case 'funding':
        x.settleFunding(c.symbol, parseRate('0.0001') * BigInt(op.premiumBp));
        break;
      case 'orders':
        who(op.account).hasOpenOrders = true;
        break;
      case 'sweep':
        sweep(x, users, op.filled, op.price);
        break;
    }
    checkInvariants(x);
  }
  return x;
}
