import { loansApi, type LoanRisk } from '@bourse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';

export const LOAN_PATHS = {
  borrow: '/pages/lending/index',
  loans: '/pages/lending/loans',
} as const;

export function useLoanMarket() {
  return useQuery({ queryKey: ['loans', 'market'], queryFn: () => api.call(loansApi.market, { toast: false }) });
}

/** The server's quote for what the user typed (amounts are sent only when they are numbers). */
export function useQuote(loanAsset: string, collateralAsset: string, collateral: string, amount: string) {
  const query = {
    loanAsset,
    collateralAsset,
    ...(collateral !== '' && Number(collateral) > 0 ? { collateral } : {}),
    ...(amount !== '' && Number(amount) > 0 ? { amount } : {}),
  };
  return useQuery({
    queryKey: ['loans', 'quote', query],
    queryFn: () => api.call(loansApi.quote, { query, toast: false }),
    enabled: loanAsset !== '' && collateralAsset !== '' && loanAsset !== collateralAsset,
    placeholderData: keepPreviousData,
  });
}

export function useLoans() {
  return useQuery({
    queryKey: [USER_SCOPE, 'loans', 'list'],
    queryFn: () => api.call(loansApi.loans, { query: { page: 1, size: 100 }, toast: false }),
    refetchInterval: 15_000,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: [USER_SCOPE, 'loans'] });
    void client.invalidateQueries({ queryKey: ['loans'] });
    void client.invalidateQueries({ queryKey: [USER_SCOPE, 'wallet'] });
  };
}

export function useBorrow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: {
      loanAsset: string;
      amount: string;
      collateralAsset: string;
      collateral: string;
      requestId: string;
    }) => api.call(loansApi.borrow, { body, toast: false }),
    onSuccess: refresh,
  });
}

export function useRepay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { loanId: number; amount?: string; full: boolean; requestId: string }) =>
      api.call(loansApi.repay, { body, toast: false }),
    onSuccess: refresh,
  });
}

export function useAddCollateral() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { loanId: number; amount: string; requestId: string }) =>
      api.call(loansApi.addCollateral, { body, toast: false }),
    onSuccess: refresh,
  });
}

export const RISK_TONE: Record<LoanRisk, 'ok' | 'pending' | 'bad'> = {
  healthy: 'ok',
  margin_call: 'pending',
  liquidation: 'bad',
};
