import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookSide, type PriceLevel } from './ladder';

/** The ladder against a plain sorted array, through enough levels to split and empty many chunks. */
function levelsFromBest(side: BookSide): number[] {
  const out: number[] = [];
  side.forEachFromBest((level) => {
    out.push(level.price);
    return true;
  });
  return out;
}

const op = fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 3_000 }), fc.nat());

describe('price ladder', () => {
  for (const sideName of ['buy', 'sell'] as const) {
    it(`keeps ${sideName} levels sorted best-first through inserts, removals and stale cursors`, () => {
      fc.assert(
        fc.property(fc.array(op, { minLength: 1, maxLength: 2_000, size: 'max' }), (ops) => {
          const side = new BookSide(sideName);
          const model = new Map<number, PriceLevel>();
          for (const [what, price, pick] of ops) {
            const prices = [...model.keys()];
            if (what < 6 || prices.length === 0) {
              const found = side.find(price);
              expect(found).toBe(model.get(price));
              // Sometimes remove another level between find and activate: the remembered position must follow.
              const other = prices[pick % Math.max(1, prices.length)];
              if (what === 5 && other !== undefined && other !== price) {
                side.remove(model.get(other) as PriceLevel);
                model.delete(other);
              }
              const level = side.activate(found, price);
              expect(level.price).toBe(price);
              model.set(price, level);
            } else {
              const victim = prices[pick % prices.length] as number;
              side.remove(model.get(victim) as PriceLevel);
              model.delete(victim);
            }
          }
          const expected = [...model.keys()].sort((a, b) => (sideName === 'buy' ? b - a : a - b));
          expect(levelsFromBest(side)).toEqual(expected);
          expect(side.size).toBe(expected.length);
          expect(side.best()?.price).toBe(expected[0]);
          for (const price of expected) expect(side.find(price)?.price).toBe(price);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('reuses removed levels once recycled', () => {
    const side = new BookSide('sell');
    const first = side.activate(side.find(100), 100);
    side.remove(first);
    side.recycle(first);
    expect(side.activate(side.find(105), 105)).toBe(first);
    expect(first.price).toBe(105);
    expect(first.total).toBe(0);
  });
});
