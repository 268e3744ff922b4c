import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiquidationIndex } from './liquidation-index';
import { isolatedPool, liquidationPrice, poolRisk, isLiquidatable } from './pool';
import type { PositionSide } from './position';
import { BTC, openAt } from './test/fixtures';

type IndexOp =
  | { kind: 'set'; id: number; side: PositionSide; price: bigint | null }
  | { kind: 'delete'; id: number }
  | { kind: 'crossed'; mark: bigint };

const opArb: fc.Arbitrary<IndexOp> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      id: fc.nat(1_500), // hundreds of live keys a side: chunks of 128 split and empty
      side: fc.constantFrom('long' as const, 'short' as const),
      // few distinct prices, so many positions share one (ties by id), and some beyond 2^53
      price: fc.oneof(
        fc.bigInt({ min: 1n, max: 60n }),
        fc.constant(null),
        fc.bigInt({ min: 2n ** 53n - 2n, max: 2n ** 60n }),
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), id: fc.nat(1_500) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('crossed' as const), mark: fc.bigInt({ min: 0n, max: 62n }) }),
  },
);

describe('liquidation index', () => {
  it(
    'returns exactly the positions a brute-force scan finds crossed, through any sequence of updates',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(fc.array(opArb, { minLength: 2_000, maxLength: 4_000, size: 'max' }), (ops) => {
          const index = new LiquidationIndex();
          const model = new Map<number, { side: PositionSide; price: bigint }>();
          for (const op of ops) {
            if (op.kind === 'set') {
              index.set(op.id, op.side, op.price);
              if (op.price === null) model.delete(op.id);
              else model.set(op.id, { side: op.side, price: op.price });
            } else if (op.kind === 'delete') {
              index.delete(op.id);
              model.delete(op.id);
            } else {
              const got = index.crossed(op.mark).sort((a, b) => a - b);
              const want = [...model]
                .filter(([, k]) => (k.side === 'long' ? k.price >= op.mark : k.price <= op.mark))
                .map(([id]) => id)
                .sort((a, b) => a - b);
              // a plain comparison: vitest's expect costs microseconds a call, too much inside thousands of steps
              if (got.join() !== want.join() || index.size !== model.size) expect({ op, got, want }).toBeUndefined();
            }
          }
        }),
        { numRuns: 8 },
      );
    },
  );

  it('visits longs from the highest liquidation price and shorts from the lowest, and stops at the first safe one', () => {
    const index = new LiquidationIndex();
    index.set(1, 'long', 100n);
    index.set(2, 'long', 120n);
    index.set(3, 'long', 90n);
    index.set(4, 'short', 130n);
    index.set(5, 'short', 125n);
    expect(index.crossed(95n)).toEqual([2, 1]);
    expect(index.crossed(126n)).toEqual([5]);
    index.set(2, 'long', null);
    expect(index.crossed(95n)).toEqual([1]);
  });

  it('indexes positions by their exact liquidation price, so a crossed position is liquidatable and others are not', () => {
    const index = new LiquidationIndex();
    const positions = Array.from({ length: 200 }, (_, i) =>
      openAt(BTC, i % 2 === 0 ? 'long' : 'short', BigInt(1 + (i % 7)), 200_000n + BigInt(i * 37), 5 + (i % 90)),
    );
    positions.forEach((p, id) => index.set(id, p.side, liquidationPrice(isolatedPool(p, 200_000n), 0)));
    for (const mark of [150_000n, 196_000n, 199_000n, 201_000n, 204_000n, 260_000n]) {
      const crossed = new Set(index.crossed(mark));
      positions.forEach((p, id) => {
        const due = isLiquidatable(poolRisk(isolatedPool(p, mark)), 1);
        expect(crossed.has(id)).toBe(due);
      });
    }
  });
});
