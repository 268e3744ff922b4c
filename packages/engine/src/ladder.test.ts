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

const op = fc.tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 3_000 }), fc.nat());

describe('price ladder', () => {
  for (const sideName of ['buy', 'sell'] as const) {
    for (const keepGhosts of [false, true]) {
      it(`keeps ${sideName} levels sorted best-first (ghosts ${keepGhosts ? 'kept' : 'unlinked at once'})`, () => {
        fc.assert(
          fc.property(fc.array(op, { minLength: 1, maxLength: 2_000, size: 'max' }), (ops) => {
            const side = new BookSide(sideName, keepGhosts);
            const model = new Map<number, PriceLevel>();
            // A set, as the book's dirty flag does: a level emptied twice before a drain is still one entry.
            let ghosts = new Set<PriceLevel>();
            for (const [what, price, pick] of ops) {
              const prices = [...model.keys()];
              if (what === 10) {
                // What a drain does: unlink the ghosts still on the ladder and reuse them.
                for (const ghost of ghosts) {
                  if (ghost.live) continue;
                  if (ghost.onLadder) side.purge(ghost);
                  side.recycle(ghost);
                }
                ghosts = new Set();
              } else if (what < 6 || prices.length === 0) {
                const found = side.find(price);
                expect(found?.live ? found : undefined).toBe(model.get(price));
                // Sometimes remove another level between find and activate: the remembered position must follow.
                const other = prices[pick % Math.max(1, prices.length)];
                if (what === 5 && other !== undefined && other !== price) {
                  const victim = model.get(other) as PriceLevel;
                  side.remove(victim);
                  ghosts.add(victim);
                  model.delete(other);
                }
                // Or empty the best level, which pops it and any ghosts it uncovers, perhaps the one just found.
                const best = side.best();
                if (what === 4 && best !== undefined && best.price !== price) {
                  side.remove(best);
                  ghosts.add(best);
                  model.delete(best.price);
                }
                const level = side.activate(found, price);
                expect(level.price).toBe(price);
                expect(level.live).toBe(true);
                model.set(price, level);
              } else {
                const victim = model.get(prices[pick % prices.length] as number) as PriceLevel;
                side.remove(victim);
                ghosts.add(victim);
                model.delete(victim.price);
              }
              // The best level is never a ghost.
              expect(side.best()?.live ?? true).toBe(true);
            }
            const expected = [...model.keys()].sort((a, b) => (sideName === 'buy' ? b - a : a - b));
            expect(levelsFromBest(side)).toEqual(expected);
            expect(side.size).toBe(expected.length);
            expect(side.best()?.price).toBe(expected[0]);
            for (const price of expected) expect(side.find(price)?.price).toBe(price);
          }),
          { numRuns: 40 },
        );
      });
    }
  }

  it('reuses removed levels once recycled', () => {
    const side = new BookSide('sell', false);
    const first = side.activate(side.find(100), 100);
    side.remove(first);
    side.recycle(first);
    expect(side.activate(side.find(105), 105)).toBe(first);
    expect(first.price).toBe(105);
    expect(first.total).toBe(0);
  });

  it('revives a ghost in place when an order returns to its price', () => {
    const side = new BookSide('buy', true);
    const low = side.activate(side.find(100), 100);
    side.activate(side.find(200), 200);
    side.remove(low);
    expect(side.size).toBe(1);
    expect(side.find(100)).toBe(low);
    expect(side.activate(low, 100)).toBe(low);
    expect(side.size).toBe(2);
  });
});
