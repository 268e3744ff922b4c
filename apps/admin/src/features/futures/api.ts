import {
  perpAdminApi,
  type RiskTierInput,
  type SwapAdminPosition,
  type SwapContractInput,
  type SwapContractUpdate,
} from '@bourse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/client';

/** The operator's side of perpetual contracts over `perpAdminApi`. */
export const futuresKeys = {
  all: ['futures'] as const,
  contracts: ['futures', 'contracts'] as const,
  openInterest: ['futures', 'open-interest'] as const,
  stats: ['futures', 'stats'] as const,
  insurance: (before: number | undefined) => ['futures', 'insurance', before ?? 0] as const,
  liquidations: (query: ListQuery) => ['futures', 'liquidations', query] as const,
  adl: (query: ListQuery) => ['futures', 'adl', query] as const,
  funding: (query: ListQuery) => ['futures', 'funding', query] as const,
  positions: (query: ListQuery) => ['futures', 'positions', query] as const,
};

export interface ListQuery {
  symbol?: string;
  uid?: number;
  page: number;
  size: number;
}

/** Drops empty filters so the query string carries only what was chosen. */
function cleaned(query: ListQuery): ListQuery {
  return {
    page: query.page,
    size: query.size,
    ...(query.symbol ? { symbol: query.symbol } : {}),
    ...(query.uid ? { uid: query.uid } : {}),
  };
}

export function useContracts() {
  return useQuery({
    queryKey: futuresKeys.contracts,
    queryFn: ({ signal }) => api.call(perpAdminApi.contracts, { signal, toast: false }),
  });
}

export function useOpenInterest() {
  return useQuery({
    queryKey: futuresKeys.openInterest,
    queryFn: ({ signal }) => api.call(perpAdminApi.openInterest, { signal, toast: false }),
    refetchInterval: 10_000,
  });
}

export function useSwapStats() {
  return useQuery({
    queryKey: futuresKeys.stats,
    queryFn: ({ signal }) => api.call(perpAdminApi.stats, { signal, toast: false }),
    refetchInterval: 10_000,
  });
}

export function useSaveContract() {
  const queryClient = useQueryClient();
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: futuresKeys.contracts });
    void queryClient.invalidateQueries({ queryKey: futuresKeys.openInterest });
  };
  const create = useMutation({
    mutationFn: (body: SwapContractInput) => api.call(perpAdminApi.createContract, { body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ symbol, body }: { symbol: string; body: SwapContractUpdate }) =>
      api.call(perpAdminApi.updateContract, { params: { symbol }, body }),
    onSuccess,
  });
  const tiers = useMutation({
    mutationFn: ({ symbol, tiers: list }: { symbol: string; tiers: RiskTierInput[] }) =>
      api.call(perpAdminApi.setTiers, { params: { symbol }, body: { tiers: list } }),
    onSuccess,
  });
  return { create, update, tiers };
}

export function useInsurance(before: number | undefined) {
  return useQuery({
    queryKey: futuresKeys.insurance(before),
    queryFn: ({ signal }) => api.call(perpAdminApi.insurance, { query: { before, limit: 50 }, signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useInsuranceTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: string; note?: string }) => api.call(perpAdminApi.insuranceTopUp, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['futures', 'insurance'] }),
  });
}

export function useLiquidations(query: ListQuery) {
  return useQuery({
    queryKey: futuresKeys.liquidations(query),
    queryFn: ({ signal }) => api.call(perpAdminApi.liquidations, { query: cleaned(query), signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useAdlEvents(query: ListQuery) {
  return useQuery({
    queryKey: futuresKeys.adl(query),
    queryFn: ({ signal }) => api.call(perpAdminApi.adl, { query: cleaned(query), signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function useFundingRounds(query: ListQuery) {
  return useQuery({
    queryKey: futuresKeys.funding(query),
    queryFn: ({ signal }) => api.call(perpAdminApi.funding, { query: cleaned(query), signal, toast: false }),
    placeholderData: keepPreviousData,
  });
}

export function usePositions(query: ListQuery) {
  return useQuery({
    queryKey: futuresKeys.positions(query),
    queryFn: ({ signal }) => api.call(perpAdminApi.positions, { query: cleaned(query), signal, toast: false }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

/**
 * The positions of a page nearest liquidation first: in liquidation, then by the server's margin ratio (MM / equity,
 * highest first; null = equity gone, first of all). Only the order is the console's; every figure is the server's.
 */
export function byRisk(list: readonly SwapAdminPosition[]): SwapAdminPosition[] {
  const ratio = (p: SwapAdminPosition): bigint => {
    if (p.marginRatio === null) return BigInt(Number.MAX_SAFE_INTEGER);
    const [whole = '0', fraction = ''] = p.marginRatio.split('.');
    return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8) || '0');
  };
  return [...list].sort((a, b) => {
    if (a.inLiquidation !== b.inLiquidation) return a.inLiquidation ? -1 : 1;
    const ra = ratio(a);
    const rb = ratio(b);
    return ra === rb ? a.id - b.id : rb > ra ? 1 : -1;
  });
}

/** A position's margin ratio band: ≥ 80% of maintenance is near liquidation, ≥ 50% is watched. */
export function riskTone(marginRatio: string | null, inLiquidation: boolean): 'danger' | 'attention' | 'success' {
  if (inLiquidation || marginRatio === null) return 'danger';
  const whole = Number.parseInt(marginRatio.split('.')[0] ?? '0', 10);
  if (whole >= 80) return 'danger';
  if (whole >= 50) return 'attention';
  return 'success';
}
