import {
  type Candle,
  type OptionBet,
  type OptionJoinBody,
  type OptionKlineFrame,
  type OptionTicker,
  optionsApi,
  type PagedOptionBets,
} from '@bourse/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { live } from '../../lib/live';
import { USER_SCOPE } from '../../lib/query';
import { useSession } from '../../lib/stores/session';
import { serverOffset } from './time';

/**
 * Up/down options. Everything on the page comes from the server: the pairs and periods with their terms, the rounds
 * and their countdowns (from the server's clock), the index (the public 1-second series), the bets and their results.
 * Live frames only write into the query cache: `option-ticker` into the pair's rounds, `option-kline` into its
 * candles; a ticker frame past the close of one of my open bets refetches my bets and balance (it is settled then).
 */

/** Seconds of the index the chart shows. */
export const CHART_SECONDS = 120;
const HISTORY_PAGE = 20;

export const optionKeys = {
  config: ['options', 'config'] as const,
  ticker: (symbol: string) => ['options', 'ticker', symbol] as const,
  candles: (symbol: string) => ['options', 'candles', symbol] as const,
  all: [USER_SCOPE, 'options'] as const,
  open: [USER_SCOPE, 'options', 'open'] as const,
  history: [USER_SCOPE, 'options', 'history'] as const,
  balance: [USER_SCOPE, 'options', 'balance'] as const,
};

export function useOptionsConfig() {
  return useQuery({
    queryKey: optionKeys.config,
    queryFn: async ({ signal }) => {
      const config = await api.call(optionsApi.config, { toast: false, signal });
      serverOffset.observe(config.serverTime);
      return config;
    },
    staleTime: 60_000,
  });
}

function isTicker(data: unknown, symbol: string): data is OptionTicker {
  const frame = data as OptionTicker | null;
  return typeof frame === 'object' && frame !== null && frame.symbol === symbol && Array.isArray(frame.periods);
}

function isKlineFrame(data: unknown, symbol: string): data is OptionKlineFrame {
  const frame = data as OptionKlineFrame | null;
  return typeof frame === 'object' && frame !== null && frame.symbol === symbol && typeof frame.candle?.t === 'number';
}

/** The pair now: the index and per period the round in progress and the next one; kept live by `option-ticker`. */
export function useOptionTicker(symbol: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      live.subscribe('option-ticker', { symbol }, (data) => {
        if (!isTicker(data, symbol)) return;
        serverOffset.observe(data.serverTime);
        queryClient.setQueryData<OptionTicker>(optionKeys.ticker(symbol), (old) =>
          !old || data.serverTime >= old.serverTime ? data : old,
        );
        settleSeen(queryClient, data.serverTime);
      }),
    [symbol, queryClient],
  );
  return useQuery({
    queryKey: optionKeys.ticker(symbol),
    queryFn: async ({ signal }) => {
      const ticker = await api.call(optionsApi.current, { query: { symbol }, toast: false, signal });
      serverOffset.observe(ticker.serverTime);
      return ticker;
    },
    staleTime: Infinity,
  });
}

/** The newest candle replaces the one of its second or follows the last; the chart keeps {@link CHART_SECONDS}. */
export function upsertCandle(old: readonly Candle[] | undefined, candle: Candle): Candle[] | undefined {
  if (!old) return old;
  const last = old.at(-1);
  let next: Candle[];
  if (!last || candle.t > last.t) next = [...old, candle];
  else if (candle.t === last.t) next = [...old.slice(0, -1), candle];
  else return old as Candle[];
  return next.length > CHART_SECONDS ? next.slice(next.length - CHART_SECONDS) : next;
}

/** 1-second candles of the index, continued by `option-kline`. */
export function useOptionCandles(symbol: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      live.subscribe('option-kline', { symbol }, (data) => {
        if (!isKlineFrame(data, symbol)) return;
        queryClient.setQueryData<Candle[]>(optionKeys.candles(symbol), (old) => upsertCandle(old, data.candle));
      }),
    [symbol, queryClient],
  );
  return useQuery({
    queryKey: optionKeys.candles(symbol),
    queryFn: ({ signal }) =>
      api.call(optionsApi.kline, { query: { symbol, limit: CHART_SECONDS }, toast: false, signal }),
    staleTime: Infinity,
  });
}

/**
 * After a frame at `serverTime` (sent once the second's rounds were opened and settled): a round of one of my open
 * bets that has opened (its open price) or closed (its result) — fetch my bets and balance again.
 */
function settleSeen(queryClient: QueryClient, serverTime: number): void {
  const open = queryClient.getQueryData<OptionBet[]>(optionKeys.open);
  const moved = open?.some(
    (bet) => bet.closeAt <= serverTime || (bet.roundState === 'pending' && bet.openAt <= serverTime),
  );
  if (moved) void queryClient.invalidateQueries({ queryKey: optionKeys.all });
}

export function useOpenBets() {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: optionKeys.open,
    queryFn: ({ signal }) => api.call(optionsApi.open, { toast: false, signal }),
    enabled: loggedIn,
    staleTime: 0,
  });
}

export function useOptionBalance() {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: optionKeys.balance,
    queryFn: ({ signal }) => api.call(optionsApi.balance, { toast: false, signal }),
    enabled: loggedIn,
    // Moved by other pages too (a transfer in): fetched again whenever the page shows.
    staleTime: 0,
  });
}

export function useOptionHistory() {
  const loggedIn = useSession((s) => s.token !== null);
  return useInfiniteQuery({
    queryKey: optionKeys.history,
    queryFn: ({ pageParam, signal }) =>
      api.call(optionsApi.history, { query: { page: pageParam, size: HISTORY_PAGE }, toast: false, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: PagedOptionBets) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}

export function historyList(data: InfiniteData<PagedOptionBets> | undefined): OptionBet[] {
  return data?.pages.flatMap((p) => p.list) ?? [];
}

/** Join the next round; the server's message (in the user's language) is toasted on a refusal. */
export function useJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OptionJoinBody) => api.call(optionsApi.join, { body }),
    onSuccess: (bet) => {
      queryClient.setQueryData<OptionBet[]>(optionKeys.open, (old) =>
        old ? [...old.filter((b) => b.id !== bet.id), bet].sort((a, b) => a.closeAt - b.closeAt) : [bet],
      );
      void queryClient.invalidateQueries({ queryKey: optionKeys.balance });
    },
  });
}

/** A pair's finished rounds of one period with their series and bets, each checked against the series. */
export function useVerifiedRounds(symbol: string, period: number, enabled: boolean) {
  return useQuery({
    queryKey: ['options', 'verified', symbol, period] as const,
    queryFn: async ({ signal }) => {
      const rounds = await api.call(optionsApi.rounds, { query: { symbol, period, limit: 10 }, toast: false, signal });
      const finished = rounds.filter((r) => r.id !== null && (r.state === 'settled' || r.state === 'void'));
      return Promise.all(
        finished.map((r) => api.call(optionsApi.round, { params: { id: r.id ?? 0 }, toast: false, signal })),
      );
    },
    enabled,
    staleTime: 10_000,
  });
}
