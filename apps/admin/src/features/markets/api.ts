import {
  type ProductKey,
  productsAdminApi,
  type SpotMarketInput,
  type SpotMarketUpdate,
  spotAdminApi,
} from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const marketKeys = {
  spot: ['markets', 'spot'] as const,
  stats: ['markets', 'spot-stats'] as const,
  products: ['markets', 'products'] as const,
};

export function useSpotMarkets() {
  return useQuery({
    queryKey: marketKeys.spot,
    queryFn: ({ signal }) => api.call(spotAdminApi.markets, { signal, toast: false }),
  });
}

export function useSpotStats() {
  return useQuery({
    queryKey: marketKeys.stats,
    queryFn: ({ signal }) => api.call(spotAdminApi.stats, { signal, toast: false }),
  });
}

export function useSaveSpotMarket() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: marketKeys.spot });
  const create = useMutation({
    mutationFn: (body: SpotMarketInput) => api.call(spotAdminApi.createMarket, { body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ symbol, body }: { symbol: string; body: SpotMarketUpdate }) =>
      api.call(spotAdminApi.updateMarket, { params: { symbol }, body }),
    onSuccess,
  });
  return { create, update };
}

export function useProducts() {
  return useQuery({
    queryKey: marketKeys.products,
    queryFn: ({ signal }) => api.call(productsAdminApi.list, { signal, toast: false }),
  });
}

export function useSwitchProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { key: ProductKey; enabled: boolean }) => api.call(productsAdminApi.update, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: marketKeys.products }),
  });
}
