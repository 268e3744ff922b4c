import type {
  AddressBookEntry,
  Balances,
  CoinInfo,
  DepositAddress,
  DepositRecord,
  FlashRecipient,
  FlashResult,
  RecordType,
  TransferResult,
  UserProfile,
  Wallet,
  WalletRecord,
  Withdrawal,
  WithdrawInfo,
} from '@bourse/contract';
import { ERRORS } from '@bourse/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { USER_SCOPE } from '../../lib/query';

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export type RecordFilter = 'deposit' | 'withdraw' | 'transfer' | 'flash' | 'product';
export type { RecordType };

/** While something is still moving on the chain, lists refresh this often (docs/wallet.md: no live channel). */
export const POLL_MS = 3000;
/** The deposit page also looks for newly arriving deposits, less often. */
export const IDLE_POLL_MS = 6000;

export const walletKeys = {
  all: [USER_SCOPE, 'wallet'] as const,
  coins: [USER_SCOPE, 'wallet', 'coins'] as const,
  balances: [USER_SCOPE, 'wallet', 'balances'] as const,
  address: (asset: string, network: string) => [USER_SCOPE, 'wallet', 'address', asset, network] as const,
  deposits: (asset: string) => [USER_SCOPE, 'wallet', 'deposits', asset] as const,
  withdrawInfo: (asset: string, network: string) => [USER_SCOPE, 'wallet', 'withdrawInfo', asset, network] as const,
  withdrawals: (asset: string) => [USER_SCOPE, 'wallet', 'withdrawals', asset] as const,
  withdrawal: (id: number) => [USER_SCOPE, 'wallet', 'withdrawal', id] as const,
  records: (type: string, asset: string) => [USER_SCOPE, 'wallet', 'records', type, asset] as const,
  addresses: (asset: string) => [USER_SCOPE, 'wallet', 'addresses', asset] as const,
  recipient: (to: string) => [USER_SCOPE, 'wallet', 'recipient', to] as const,
  security: [USER_SCOPE, 'wallet', 'security'] as const,
};

/** Answers the security sheet shows in place (the user types again); any other closes it. */
export const SECURITY_CHECK_ERRORS: ReadonlySet<number> = new Set([
  ERRORS.WRONG_FUND_PASSWORD.code,
  ERRORS.FUND_PASSWORD_FORMAT.code,
  ERRORS.TWO_FACTOR_REQUIRED.code,
  ERRORS.WRONG_TWO_FACTOR_CODE.code,
  ERRORS.TWO_FACTOR_FORMAT.code,
]);

const DEPOSIT_MOVING: ReadonlySet<string> = new Set(['pending', 'credited']);
const WITHDRAWAL_MOVING: ReadonlySet<string> = new Set(['review', 'approved', 'broadcast']);

export function isWithdrawalOpen(w: Pick<Withdrawal, 'status'>): boolean {
  return WITHDRAWAL_MOVING.has(w.status);
}

export function useCoins() {
  return useQuery({
    queryKey: walletKeys.coins,
    queryFn: () => api.get<CoinInfo[]>('/mapi/wallet/coins', { toast: false }),
    staleTime: 5 * 60_000,
  });
}

export function useBalances() {
  return useQuery({
    queryKey: walletKeys.balances,
    queryFn: () => api.get<Balances>('/mapi/wallet/balances', { toast: false }),
  });
}

/** Available of one asset in one wallet, as a decimal string ('0' while unknown). */
export function availableOf(balances: Balances | undefined, wallet: Wallet, asset: string): string {
  return balances?.wallets.find((w) => w.wallet === wallet)?.assets.find((a) => a.asset === asset)?.available ?? '0';
}

export function useDepositAddress(asset: string, network: string) {
  return useQuery({
    queryKey: walletKeys.address(asset, network),
    queryFn: () => api.get<DepositAddress>('/mapi/wallet/depositAddress', { query: { asset, network }, toast: false }),
    enabled: asset !== '' && network !== '',
    staleTime: Infinity,
  });
}

/**
 * A coin's recent deposits, refreshed while the deposit page is open (every 3 s while one is confirming, every 6 s to
 * notice a new one), and the balances with them whenever a deposit moves on.
 */
export function useDeposits(asset: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: walletKeys.deposits(asset),
    queryFn: () => api.get<Paged<DepositRecord>>('/mapi/wallet/deposits', { query: { asset, size: 10 }, toast: false }),
    enabled: asset !== '',
    refetchInterval: (q) => (q.state.data?.list.some((d) => DEPOSIT_MOVING.has(d.status)) ? POLL_MS : IDLE_POLL_MS),
  });
  const progress = query.data?.list.map((d) => `${d.id}:${d.status}`).join(',');
  useEffect(() => {
    if (progress !== undefined) void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
  }, [progress, queryClient]);
  return query;
}

export function useWithdrawInfo(asset: string, network: string) {
  return useQuery({
    queryKey: walletKeys.withdrawInfo(asset, network),
    queryFn: () => api.get<WithdrawInfo>('/mapi/wallet/withdrawInfo', { query: { asset, network }, toast: false }),
    enabled: asset !== '' && network !== '',
  });
}

export function useWithdrawals(asset: string) {
  return useQuery({
    queryKey: walletKeys.withdrawals(asset),
    queryFn: () => api.get<Paged<Withdrawal>>('/mapi/wallet/withdrawals', { query: { asset, size: 5 }, toast: false }),
    enabled: asset !== '',
    refetchInterval: (q) => (q.state.data?.list.some(isWithdrawalOpen) ? POLL_MS : false),
  });
}

export function useWithdrawal(id: number) {
  return useQuery({
    queryKey: walletKeys.withdrawal(id),
    queryFn: () => api.get<Withdrawal>(`/mapi/wallet/withdrawal/${id}`, { toast: false }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (q) => (q.state.data && isWithdrawalOpen(q.state.data) ? POLL_MS : false),
  });
}

export function useRecords(type: RecordFilter | '', asset: string) {
  return useInfiniteQuery({
    queryKey: walletKeys.records(type, asset),
    queryFn: ({ pageParam }) =>
      api.get<Paged<WalletRecord>>('/mapi/wallet/records', {
        query: { type, asset, page: pageParam, size: 20 },
        toast: false,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
}

export function useAddressBook(asset: string) {
  return useQuery({
    queryKey: walletKeys.addresses(asset),
    queryFn: () => api.get<AddressBookEntry[]>('/mapi/wallet/addresses', { query: { asset }, toast: false }),
    enabled: asset !== '',
  });
}

/** After money moved: balances, lists and records are stale. */
function useInvalidateWallet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

export interface WithdrawInput {
  asset: string;
  network: string;
  address: string;
  amount: string;
  remark?: string;
  fundPassword: string;
  twoFactorCode?: string;
  requestId: string;
}

export function useWithdraw() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (input: WithdrawInput) => api.post<Withdrawal>('/mapi/wallet/withdraw', input, { toast: false }),
    onSuccess: () => invalidate(),
  });
}

export function useCancelWithdrawal() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (id: number) => api.post<Withdrawal>('/mapi/wallet/cancelWithdraw', { id }),
    onSuccess: () => invalidate(),
  });
}

export function useTransfer() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (input: { asset: string; from: Wallet; to: Wallet; amount: string; requestId: string }) =>
      api.post<TransferResult>('/mapi/wallet/transfer', input, { toast: false }),
    onSuccess: () => invalidate(),
  });
}

/** Whether the user has a fund password and two-factor on (fresh, not the profile stored at login). */
export function useSecurityFlags() {
  return useQuery({
    queryKey: walletKeys.security,
    queryFn: () => api.get<UserProfile>('/mapi/user/info', { toast: false }).then((p) => p.security),
  });
}

export function useFlashRecipient(to: string) {
  return useQuery({
    queryKey: walletKeys.recipient(to),
    queryFn: () => api.get<FlashRecipient>('/mapi/wallet/flashRecipient', { query: { to }, toast: false }),
    enabled: to !== '',
    retry: false,
    staleTime: 60_000,
  });
}

export function useFlash() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (input: {
      to: string;
      asset: string;
      amount: string;
      remark?: string;
      fundPassword: string;
      twoFactorCode?: string;
      requestId: string;
    }) => api.post<FlashResult>('/mapi/wallet/flash', input, { toast: false }),
    onSuccess: () => invalidate(),
  });
}

export function useAddAddress() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (input: {
      asset: string;
      network: string;
      address: string;
      label: string;
      fundPassword: string;
      twoFactorCode?: string;
    }) => api.post<AddressBookEntry>('/mapi/wallet/addAddress', input, { toast: false }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: (id: number) => api.post<null>('/mapi/wallet/deleteAddress', { id }),
    onSuccess: () => invalidate(),
  });
}

export { newRequestId } from '../../lib/requestId';
