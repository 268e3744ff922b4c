import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderIndex } from './order-index';

describe('order index', () => {
  it('behaves like a Map through adds, deletes and growth, for sequential, strided and huge ids', () => {
    const idArb = fc.oneof(
      fc.integer({ min: 0, max: 3_000 }),
      fc.integer({ min: 0, max: 300 }).map((i) => i * 1024),
      fc.integer({ min: 0, max: 300 }).map((i) => Number.MAX_SAFE_INTEGER - i * 4096),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), idArb), { maxLength: 3_000, size: 'max' }), (ops) => {
        const index = new OrderIndex<number>(2);
        const model = new Map<number, number>();
        for (const [add, id] of ops) {
          if (add && !model.has(id)) {
            index.add(id, id + 1);
            model.set(id, id + 1);
          } else if (!add) {
            index.delete(id);
            model.delete(id);
          }
        }
        expect(index.size).toBe(model.size);
        for (const [, id] of ops) expect(index.get(id)).toBe(model.get(id));
      }),
      { numRuns: 80 },
    );
  });

  it('finds nothing for ids that cannot exist', () => {
    const index = new OrderIndex<string>();
    index.add(0, 'zero');
    expect(index.get(-1)).toBeUndefined();
    expect(index.get(0.5)).toBeUndefined();
    expect(index.get(Number.NaN)).toBeUndefined();
    expect(index.get(0)).toBe('zero');
  });
});
