import type { TablePaginationConfig, TableProps } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCommonT } from '../lib/locales';

export interface ListParams<K extends string> {
  page: number;
  size: number;
  /** A filter's value, or undefined when it is not set. */
  filter(key: K): string | undefined;
  /** Changes filters (undefined or '' clears one) and goes back to the first page. */
  setFilters(changes: Partial<Record<K, string | undefined>>): void;
  /** The table's pagination, bound to the address. */
  pagination(total: number | undefined): TablePaginationConfig;
}

/**
 * A list page's filters and page in the address (`#/reviews/withdrawals?status=review&page=2`): a reload, the back
 * button and a link to a colleague all show the same rows.
 */
export function useListParams<K extends string>(
  defaults: { size?: number; filters?: Partial<Record<K, string>> } = {},
) {
  const t = useCommonT();
  const [params, setParams] = useSearchParams();
  const defaultSize = defaults.size ?? 20;
  const defaultFilters = defaults.filters;

  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Math.min(100, Math.max(1, Number(params.get('size')) || defaultSize));

  const filter = useCallback(
    (key: K): string | undefined => {
      const value = params.get(key);
      if (value === null) return defaultFilters?.[key];
      return value === '' ? undefined : value;
    },
    [params, defaultFilters],
  );

  const setFilters = useCallback(
    (changes: Partial<Record<K, string | undefined>>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
          // An explicit '' keeps "all" distinct from "the page's default filter".
          if (value === undefined || value === '') {
            if (defaultFilters?.[key] !== undefined) next.set(key, '');
            else next.delete(key);
          } else next.set(key, value);
        }
        next.delete('page');
        return next;
      });
    },
    [setParams, defaultFilters],
  );

  const pagination = useCallback(
    (total: number | undefined): TablePaginationConfig => ({
      current: page,
      pageSize: size,
      total,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (count) => t('total', { count }),
      onChange: (nextPage, nextSize) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('page', String(nextSize === size ? nextPage : 1));
          if (nextSize === defaultSize) next.delete('size');
          else next.set('size', String(nextSize));
          return next;
        }),
    }),
    [page, size, defaultSize, setParams, t],
  );

  return useMemo<ListParams<K>>(
    () => ({ page, size, filter, setFilters, pagination }),
    [page, size, filter, setFilters, pagination],
  );
}

/** A filter's value when it is one of `values` (an address may say anything), else undefined. */
export function oneOf<V extends string>(values: readonly V[], value: string | undefined): V | undefined {
  return (values as readonly (string | undefined)[]).includes(value) ? (value as V) : undefined;
}

/** A uid filter's value when it is a whole number, else undefined. */
export function wholeNumberOf(value: string | undefined): number | undefined {
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * The props every paged list table shares: rows keyed by id, the spinner while a page loads, the page's rows, the
 * pagination bound to the address, and a horizontal scroll for narrow windows.
 */
export function pagedTable<T>(
  query: { isFetching: boolean; data?: { list: T[]; total: number } | undefined },
  list: Pick<ListParams<string>, 'pagination'>,
): Pick<TableProps<T>, 'rowKey' | 'loading' | 'dataSource' | 'pagination' | 'scroll'> {
  return {
    rowKey: 'id',
    loading: query.isFetching,
    dataSource: query.data?.list,
    pagination: list.pagination(query.data?.total),
    scroll: { x: 'max-content' },
  };
}

/** A table's pages kept in the component (a tab inside a page whose address already says what it shows). */
export interface LocalPages {
  page: number;
  size: number;
  /** Back to the first page (when what the table lists changes). */
  reset(): void;
  pagination(total: number | undefined): TablePaginationConfig;
}

export function useLocalPages(initialSize = 20): LocalPages {
  const t = useCommonT();
  const [state, setState] = useState({ page: 1, size: initialSize });
  const reset = useCallback(() => setState((current) => ({ ...current, page: 1 })), []);
  const pagination = useCallback(
    (total: number | undefined): TablePaginationConfig => ({
      current: state.page,
      pageSize: state.size,
      total,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (count) => t('total', { count }),
      onChange: (page, size) => setState((current) => ({ page: size === current.size ? page : 1, size })),
    }),
    [state, t],
  );
  return useMemo(() => ({ ...state, reset, pagination }), [state, reset, pagination]);
}
