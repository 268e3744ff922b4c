import { describe, expect, it } from 'vitest';
import { oneOf, pagedTable, wholeNumberOf } from './useListParams';

describe('a list page’s address filters', () => {
  it('takes a status only when it is one the list knows', () => {
    const states = ['pending', 'verified'] as const;
    expect(oneOf(states, 'pending')).toBe('pending');
    expect(oneOf(states, 'PENDING')).toBeUndefined();
    expect(oneOf(states, undefined)).toBeUndefined();
  });

  it('takes a uid only when it is a whole number', () => {
    expect(wholeNumberOf('10000042')).toBe(10000042);
    expect(wholeNumberOf('12a')).toBeUndefined();
    expect(wholeNumberOf('-1')).toBeUndefined();
    expect(wholeNumberOf('')).toBeUndefined();
  });

  it('gives a paged table its rows, total and loading state', () => {
    const props = pagedTable(
      { isFetching: true, data: { list: [{ id: 1 }], total: 41 } },
      { pagination: (total) => ({ total }) },
    );
    expect(props).toMatchObject({ rowKey: 'id', loading: true, dataSource: [{ id: 1 }], pagination: { total: 41 } });
    expect(pagedTable({ isFetching: false }, { pagination: (total) => ({ total }) }).dataSource).toBeUndefined();
  });
});
