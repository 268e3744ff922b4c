import { ledgerAdminApi, type SystemAccount } from '@bourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client';

/** A system account as the statement and holds routes name it. */
export type SystemAccountRef = Pick<SystemAccount, 'system' | 'wallet' | 'asset' | 'sub'>;

export const ledgerKeys = {
  reconcile: ['ledger', 'reconcile'] as const,
  systemAccounts: ['ledger', 'system-accounts'] as const,
  statement: (ref: SystemAccountRef, before: number | undefined) => ['ledger', 'statement', ref, before] as const,
  holds: (ref: SystemAccountRef) => ['ledger', 'holds', ref] as const,
  journal: (reference: string, page: number, size: number) => ['ledger', 'journal', reference, page, size] as const,
};

/** A full reconciliation (on the server's worker thread): kept for a minute, run again on request. */
export function useReconciliation() {
  return useQuery({
    queryKey: ledgerKeys.reconcile,
    queryFn: ({ signal }) => api.call(ledgerAdminApi.reconcile, { signal, toast: false }),
    staleTime: 60_000,
  });
}

export function useSystemAccounts() {
  return useQuery({
    queryKey: ledgerKeys.systemAccounts,
    queryFn: ({ signal }) => api.call(ledgerAdminApi.systemAccounts, { signal, toast: false }),
  });
}

/** One page of a system account's statement: `before` is the `next` of the newer page (undefined: the newest). */
export function useSystemStatement(ref: SystemAccountRef | null, before: number | undefined, limit = 20) {
  return useQuery({
    queryKey: ref ? ledgerKeys.statement(ref, before) : ['ledger', 'statement', null],
    queryFn: ({ signal }) =>
      api.call(ledgerAdminApi.statement, {
        query: { system: ref?.system, wallet: ref?.wallet, asset: ref?.asset ?? '', sub: ref?.sub, before, limit },
        signal,
        toast: false,
      }),
    enabled: ref !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSystemHolds(ref: SystemAccountRef | null) {
  return useQuery({
    queryKey: ref ? ledgerKeys.holds(ref) : ['ledger', 'holds', null],
    queryFn: ({ signal }) =>
      api.call(ledgerAdminApi.holds, {
        query: { system: ref?.system, wallet: ref?.wallet, asset: ref?.asset ?? '', sub: ref?.sub },
        signal,
        toast: false,
      }),
    enabled: ref !== null,
  });
}

/** Journal entries by reference (exact, or a prefix ending with `*`); nothing is asked before a search. */
export function useJournal(reference: string | undefined, page: number, size: number) {
  return useQuery({
    queryKey: ledgerKeys.journal(reference ?? '', page, size),
    queryFn: ({ signal }) =>
      api.call(ledgerAdminApi.journal, { query: { reference: reference ?? '', page, size }, signal, toast: false }),
    enabled: reference !== undefined,
    placeholderData: keepPreviousData,
  });
}
