import { type ProductKey, productsApi } from '@bourse/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api';

/** Query key of the products' availability (public: not dropped at logout). */
export const PRODUCTS_KEY = ['products'] as const;

const NONE: ReadonlySet<ProductKey> = new Set();

function fetchProducts() {
  return api.call(productsApi.list, { toast: false });
}

/** Fetched at start with the shell's texts, so a closed product's shortcuts never flash in and out. */
export function prefetchProducts(client: QueryClient): Promise<void> {
  return client.prefetchQuery({ queryKey: PRODUCTS_KEY, queryFn: fetchProducts, staleTime: 60_000 });
}

/**
 * The products the server says are not available now (switched off by an operator, or not built). Until it has
 * answered — or when it cannot be reached — nothing is hidden: the server refuses a closed product's calls anyway.
 */
export function useClosedProducts(): ReadonlySet<ProductKey> {
  const { data } = useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: fetchProducts,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
  return useMemo(() => (data ? new Set(data.filter((p) => !p.available).map((p) => p.key)) : NONE), [data]);
}

/** Whether a product is available now (see {@link useClosedProducts}). */
export function useProductAvailable(product: ProductKey | null | undefined): boolean {
  const closed = useClosedProducts();
  return !product || !closed.has(product);
}
