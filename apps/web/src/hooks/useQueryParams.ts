import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { QueryParams } from '../lib/feature';

/** The current route's query parameters as a plain object (`?id=3` → `{id: '3'}`). */
export function useQueryParams(): QueryParams {
  const [params] = useSearchParams();
  return useMemo(() => Object.fromEntries(params.entries()), [params]);
}
