import {
  type Candle,
  type KlinePeriod,
  type MarginMode,
  perpApi,
  type PublicTrade,
  spotApi,
  type SwapAccount,
  type SwapClose,
  type SwapContractWithTicker,
  type SwapFill,
  type SwapHistoryFrame,
  type SwapKlineFrame,
  type SwapOrder,
  type SwapOrderDetail,
  type SwapOrderFrame,
  type SwapPosition,
  type SwapPositionDetail,
  type SwapPositionsFrame,
  type SwapPreview,
  type SwapSettings,
  type SwapTickerFrame,
} from '@bourse/contract';
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
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
import { type BookSource, useAggregatedBook, useLiveBook } from '../../lib/trading/liveBook';
import {
  addClose,
  type HistoryStatus,
  listShows,
  mergeTrades,
  type Paged,
  type PagedList,
  positionsFromFrame,
  upsertCandle,
  upsertHistoryOrder,
  upsertOpenOrder,
  upsertPosition,
  withTicker,
  withTickerInList,
} from './cache';

/**
 * Perpetual contracts over the contract's route table (`perpApi`). Live frames only ever write into the query cache
 * (docs/web.md, "Live data"): `swap-ticker` into the contracts and their trades, `swap-kline` into the candles,
 * `swap-depth` through the trading kit's book sync, `swap-positions` into my positions and account, and the private
 * order channels into my open orders, history, closes and the details.
 */

/** Levels per side the pages draw and the book keeps. */
export const BOOK_LEVELS = 50;
const CANDLES_PER_LOAD = 300;
const PAGE_SIZE = 20;
const OPEN_PAGE_SIZE = 50;

export type RecordList = 'positionHistory' | 'closes' | 'fills' | 'funding';

export const futuresKeys = {
  contracts: ['futures', 'contracts'] as const,
  contract: (symbol: string) => ['futures', 'contract', symbol] as const,
  book: (symbol: string) => ['futures', 'book', symbol] as const,
  trades: (symbol: string) => ['futures', 'trades', symbol] as const,
  candles: (symbol: string, period: KlinePeriod) => ['futures', 'candles', symbol, period] as const,
  favorites: [USER_SCOPE, 'futures', 'favorites'] as const,
  account: [USER_SCOPE, 'futures', 'account'] as const,
  settings: (symbol: string) => [USER_SCOPE, 'futures', 'settings', symbol] as const,
  positions: [USER_SCOPE, 'futures', 'positions'] as const,
  preview: [USER_SCOPE, 'futures', 'preview'] as const,
  openAll: [USER_SCOPE, 'futures', 'open'] as const,
  open: (symbol: string) => [USER_SCOPE, 'futures', 'open', symbol] as const,
  historyAll: [USER_SCOPE, 'futures', 'history'] as const,
  history: (symbol: string, status: HistoryStatus) => [USER_SCOPE, 'futures', 'history', symbol, status] as const,
  recordsAll: (list: RecordList) => [USER_SCOPE, 'futures', list] as const,
  records: (list: RecordList, symbol: string) => [USER_SCOPE, 'futures', list, symbol] as const,
  order: (id: number) => [USER_SCOPE, 'futures', 'order', id] as const,
  position: (id: number) => [USER_SCOPE, 'futures', 'position', id] as const,
};

function useLoggedIn(): boolean {
  return useSession((s) => s.token !== null);
}

// ---- contracts and tickers ----------------------------------------------------------------------------------------

export function useContracts() {
  return useQuery({
    queryKey: futuresKeys.contracts,
    queryFn: ({ signal }) => api.call(perpApi.contracts, { signal, toast: false }),
    // Kept current by swap-ticker; a refetch only brings new contracts.
    staleTime: 60_000,
  });
}

/** One contract with its ticker; shown at once from the contract list when that is cached. */
export function useContract(symbol: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: futuresKeys.contract(symbol),
    queryFn: ({ signal }) => api.call(perpApi.contract, { query: { symbol }, signal, toast: false }),
    initialData: () =>
      queryClient
        .getQueryData<SwapContractWithTicker[]>(futuresKeys.contracts)
        ?.find((c) => c.contract.symbol === symbol),
    initialDataUpdatedAt: () => queryClient.getQueryState(futuresKeys.contracts)?.dataUpdatedAt,
    enabled: symbol !== '',
    staleTime: 60_000,
  });
}

function isTickerFrame(data: unknown): data is SwapTickerFrame {
  const frame = data as SwapTickerFrame | null;
  return (
    typeof frame === 'object' &&
    frame !== null &&
    typeof frame.ticker?.symbol === 'string' &&
    typeof frame.ticker.mark === 'string' &&
    Array.isArray(frame.trades)
  );
}

/** A contract's ticker (last, mark, index, funding) and its trades as they happen (`swap-ticker`). */
export function applyTickerFrame(queryClient: QueryClient, frame: SwapTickerFrame): void {
  const { ticker } = frame;
  queryClient.setQueryData<SwapContractWithTicker[]>(futuresKeys.contracts, (old) => withTickerInList(old, ticker));
  queryClient.setQueryData<SwapContractWithTicker>(futuresKeys.contract(ticker.symbol), (old) =>
    old ? withTicker(old, ticker) : old,
  );
  if (frame.trades.length > 0) {
    queryClient.setQueryData<PublicTrade[]>(futuresKeys.trades(ticker.symbol), (old) =>
      old ? mergeTrades(old, frame.trades) : old,
    );
  }
}

/** Live tickers of some contracts (the markets list subscribes to each of its contracts). */
export function useTickerFeed(symbols: readonly string[]): void {
  const queryClient = useQueryClient();
  const key = symbols.join(',');
  useEffect(() => {
    const offs = key
      .split(',')
      .filter((s) => s !== '')
      .map((symbol) =>
        live.subscribe('swap-ticker', { symbol }, (data) => {
          if (isTickerFrame(data) && data.ticker.symbol === symbol) applyTickerFrame(queryClient, data);
        }),
      );
    return () => offs.forEach((off) => off());
  }, [key, queryClient]);
}

export function useTrades(symbol: string) {
  return useQuery({
    queryKey: futuresKeys.trades(symbol),
    queryFn: ({ signal }) => api.call(perpApi.trades, { query: { symbol, limit: 30 }, signal, toast: false }),
    enabled: symbol !== '',
    staleTime: Infinity,
  });
}

export function useCandles(symbol: string, period: KlinePeriod) {
  return useQuery({
    queryKey: futuresKeys.candles(symbol, period),
    queryFn: ({ signal }) =>
      api.call(perpApi.kline, { query: { symbol, period, limit: CANDLES_PER_LOAD }, signal, toast: false }),
    enabled: symbol !== '',
    // The server pushes the current candle of every period on `swap-kline` (useKlineFeed).
    staleTime: Infinity,
  });
}

/** Older candles for the chart when it is scrolled to its left edge (oldest first, before `before`). */
export function fetchOlderCandles(symbol: string, period: KlinePeriod, before: number): Promise<Candle[]> {
  return api.call(perpApi.kline, { query: { symbol, period, before, limit: CANDLES_PER_LOAD }, toast: false });
}

function isKlineFrame(data: unknown): data is SwapKlineFrame {
  const frame = data as SwapKlineFrame | null;
  return typeof frame === 'object' && frame !== null && typeof frame.candle?.t === 'number';
}

/** The current candle of the period as it changes (`swap-kline`). */
export function useKlineFeed(symbol: string, period: KlinePeriod): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (symbol === '') return;
    return live.subscribe('swap-kline', { symbol, period }, (data) => {
      if (!isKlineFrame(data) || data.symbol !== symbol || data.period !== period) return;
      queryClient.setQueryData<Candle[]>(futuresKeys.candles(symbol, period), (old) => upsertCandle(old, data.candle));
    });
  }, [symbol, period, queryClient]);
}

// ---- order book ---------------------------------------------------------------------------------------------------

/** A contract's book for the trading kit: `swap-depth` and `/api/swap/depth` (quantities in lots). */
export function swapBookSource(symbol: string): BookSource {
  return {
    key: futuresKeys.book(symbol),
    symbol,
    channel: 'swap-depth',
    params: { symbol },
    fetchDepth: (type) => api.call(perpApi.depth, { query: { symbol, type, limit: BOOK_LEVELS }, toast: false }),
    levels: BOOK_LEVELS,
  };
}

export function useOrderBook(symbol: string) {
  return useLiveBook(swapBookSource(symbol));
}

export function useSwapAggregatedBook(symbol: string, type: number, liveSeq: number | undefined) {
  return useAggregatedBook(swapBookSource(symbol), type, liveSeq);
}

// ---- favourites ---------------------------------------------------------------------------------------------------

export function useFavorites() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: futuresKeys.favorites,
    queryFn: ({ signal }) => api.call(spotApi.favoriteSymbols, { query: { type: 'swap' }, signal, toast: false }),
    enabled: loggedIn,
  });
}

/** Marks or unmarks a favourite contract; the star changes at once and goes back if the server refuses. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, favorite }: { symbol: string; favorite: boolean }) =>
      favorite
        ? api.call(spotApi.addFavorite, { body: { symbol, type: 'swap' } })
        : api.call(spotApi.removeFavorite, { query: { symbol, type: 'swap' } }),
    onMutate: async ({ symbol, favorite }) => {
      await queryClient.cancelQueries({ queryKey: futuresKeys.favorites });
      const before = queryClient.getQueryData<string[]>(futuresKeys.favorites);
      queryClient.setQueryData<string[]>(futuresKeys.favorites, (old = []) =>
        favorite ? [...old.filter((s) => s !== symbol), symbol] : old.filter((s) => s !== symbol),
      );
      return { before };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(futuresKeys.favorites, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: futuresKeys.favorites }),
  });
}

// ---- my desk: account, settings, positions ------------------------------------------------------------------------

export function useAccount() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: futuresKeys.account,
    queryFn: ({ signal }) => api.call(perpApi.account, { signal, toast: false }),
    enabled: loggedIn,
  });
}

export function useSettingsOf(symbol: string) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: futuresKeys.settings(symbol),
    queryFn: ({ signal }) => api.call(perpApi.settings, { query: { symbol }, signal, toast: false }),
    enabled: loggedIn && symbol !== '',
  });
}

/** Every open position of mine (the pages pick a contract's); kept live by `swap-positions`. */
export function usePositions() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: futuresKeys.positions,
    queryFn: async ({ signal }) => {
      const list = await api.call(perpApi.positions, { query: {}, signal, toast: false });
      return positionsFromFrame(list, []);
    },
    enabled: loggedIn,
  });
}

export interface PreviewInput {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price?: string;
  lots: number;
  reduceOnly: boolean;
}

/**
 * What the order in the form would cost (margin + fee), its estimated liquidation price and the most lots either
 * side may open — the server's figures (`/mapi/swap/preview`), never the form's own. Asked again when the inputs
 * change, while money moves (frames of my desk invalidate it) and every few seconds (a market order is priced at
 * the mark).
 */
export function usePreview(input: PreviewInput | null) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...futuresKeys.preview, input],
    queryFn: ({ signal }) => {
      if (!input) throw new Error('no preview input');
      const { price, ...rest } = input;
      return api.call(perpApi.preview, { body: price ? { ...rest, price } : rest, signal, toast: false });
    },
    enabled: loggedIn && input !== null,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    refetchInterval: 5_000,
  });
}

/** What my desk's figures depend on changed: the form's max lots and cost are asked again. */
function refreshDesk(queryClient: QueryClient, symbol?: string): void {
  void queryClient.invalidateQueries({ queryKey: futuresKeys.preview });
  if (symbol) void queryClient.invalidateQueries({ queryKey: futuresKeys.settings(symbol) });
  // The wallet pages' balances (the wallet feature's key, named rather than imported).
  void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'wallet', 'balances'] });
}

/** One position changed (an answer of margin or TP/SL): the list and its detail follow. */
export function applyPosition(queryClient: QueryClient, position: SwapPosition): void {
  queryClient.setQueryData<SwapPosition[]>(futuresKeys.positions, (old) => upsertPosition(old, position));
  queryClient.setQueryData<SwapPositionDetail>(futuresKeys.position(position.id), (old) =>
    old ? { ...old, position } : old,
  );
}

function isPositionsFrame(data: unknown): data is SwapPositionsFrame {
  const frame = data as SwapPositionsFrame | null;
  return (
    typeof frame === 'object' &&
    frame !== null &&
    Array.isArray(frame.positions) &&
    Array.isArray(frame.closed) &&
    typeof frame.account?.walletBalance === 'string'
  );
}

/** `swap-positions`: every open position with live figures, and my account; closed ones leave the list. */
export function applyPositionsFrame(queryClient: QueryClient, frame: SwapPositionsFrame): void {
  const before = queryClient.getQueryData<SwapPosition[]>(futuresKeys.positions);
  const next = positionsFromFrame(frame.positions, frame.closed);
  queryClient.setQueryData<SwapPosition[]>(futuresKeys.positions, next);
  queryClient.setQueryData<SwapAccount>(futuresKeys.account, frame.account);
  for (const position of [...frame.positions, ...frame.closed]) {
    queryClient.setQueryData<SwapPositionDetail>(futuresKeys.position(position.id), (old) =>
      old ? { ...old, position } : old,
    );
  }
  // A position opened, grew, shrank or closed (not just a new mark): the form's limits and the records move.
  const shape = (list: readonly SwapPosition[] | undefined) =>
    (list ?? [])
      .map((p) => `${p.id}:${p.lots}:${p.margin}:${p.leverage}`)
      .sort()
      .join();
  if (frame.closed.length > 0 || (before !== undefined && shape(before) !== shape(next))) {
    refreshDesk(queryClient);
    void queryClient.invalidateQueries({ queryKey: futuresKeys.recordsAll('positionHistory') });
    void queryClient.invalidateQueries({ queryKey: futuresKeys.recordsAll('fills') });
    void queryClient.invalidateQueries({ queryKey: futuresKeys.recordsAll('funding') });
    for (const p of frame.closed) void queryClient.invalidateQueries({ queryKey: futuresKeys.position(p.id) });
  }
}

// ---- orders and records -------------------------------------------------------------------------------------------

function listFilter(key: QueryKey): { symbol: string; status?: string } {
  return { symbol: typeof key[3] === 'string' ? key[3] : '', status: typeof key[4] === 'string' ? key[4] : '' };
}

/**
 * An order changed (placed, filled, cancelled — from a frame or a call's answer): the open lists, the history lists
 * and its detail follow, and what the desk may open is asked again.
 */
export function applyOrder(queryClient: QueryClient, order: SwapOrder, fills: readonly SwapFill[] = []): void {
  for (const [key] of queryClient.getQueriesData({ queryKey: futuresKeys.openAll })) {
    if (listShows(listFilter(key), order)) {
      queryClient.setQueryData<PagedList<SwapOrder>>(key, (old) => upsertOpenOrder(old, order));
    }
  }
  for (const [key] of queryClient.getQueriesData({ queryKey: futuresKeys.historyAll })) {
    if (listShows(listFilter(key), order)) {
      queryClient.setQueryData<PagedList<SwapOrder>>(key, (old) => upsertHistoryOrder(old, order));
    }
  }
  queryClient.setQueryData<SwapOrderDetail>(futuresKeys.order(order.id), (old) => {
    if (!old) return old;
    const byId = new Map(old.fills.map((f) => [f.id, f]));
    for (const f of fills) byId.set(f.id, f);
    return { order, fills: [...byId.values()].sort((a, b) => a.ts - b.ts || a.id - b.id) };
  });
  if (fills.length > 0) void queryClient.invalidateQueries({ queryKey: futuresKeys.recordsAll('fills') });
  // Lots it filled moved a position and the wallet: asked again at once (the positions frame follows too).
  if (order.filledLots > 0) {
    void queryClient.invalidateQueries({ queryKey: futuresKeys.positions });
    void queryClient.invalidateQueries({ queryKey: futuresKeys.account });
  }
  if (order.positionId !== null)
    void queryClient.invalidateQueries({ queryKey: futuresKeys.position(order.positionId) });
  refreshDesk(queryClient, order.symbol);
}

/** A close record (frame or answer): first in every list of closes that shows its contract. */
export function applyClose(queryClient: QueryClient, close: SwapClose): void {
  for (const [key] of queryClient.getQueriesData({ queryKey: futuresKeys.recordsAll('closes') })) {
    if (listShows(listFilter(key), close)) {
      queryClient.setQueryData<PagedList<SwapClose>>(key, (old) => addClose(old, close));
    }
  }
  void queryClient.invalidateQueries({ queryKey: futuresKeys.position(close.positionId) });
  void queryClient.invalidateQueries({ queryKey: futuresKeys.recordsAll('positionHistory') });
}

function isOrderFrame(data: unknown): data is SwapOrderFrame {
  const frame = data as SwapOrderFrame | null;
  return (
    typeof frame === 'object' && frame !== null && typeof frame.order?.id === 'number' && Array.isArray(frame.fills)
  );
}

function isHistoryFrame(data: unknown): data is SwapHistoryFrame {
  const frame = data as SwapHistoryFrame | null;
  return typeof frame === 'object' && frame !== null && 'order' in frame && 'close' in frame;
}

/**
 * My desk as it changes: `swap-positions` (positions and account), `swap-entrust-order` (every change of an order,
 * with its fills) and `swap history-order` (an order finished, or a position closed).
 */
export function useDeskFeed(): void {
  const queryClient = useQueryClient();
  const loggedIn = useLoggedIn();
  useEffect(() => {
    if (!loggedIn) return;
    const offs = [
      live.subscribe('swap-positions', {}, (data) => {
        if (isPositionsFrame(data)) applyPositionsFrame(queryClient, data);
      }),
      live.subscribe('swap-entrust-order', {}, (data) => {
        if (isOrderFrame(data)) applyOrder(queryClient, data.order, data.fills);
      }),
      live.subscribe('swap history-order', {}, (data) => {
        if (!isHistoryFrame(data)) return;
        if (data.order) applyOrder(queryClient, data.order);
        if (data.close) applyClose(queryClient, data.close);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [loggedIn, queryClient]);
}

function nextPage<T>(last: Paged<T>): number | undefined {
  return last.page * last.size < last.total ? last.page + 1 : undefined;
}

/** My resting orders (of one contract or all: `''`), newest first, page by page. */
export function useOpenOrders(symbol: string) {
  const loggedIn = useLoggedIn();
  return useInfiniteQuery({
    queryKey: futuresKeys.open(symbol),
    queryFn: ({ pageParam, signal }) =>
      api.call(perpApi.openOrders, {
        query: { symbol: symbol || undefined, page: pageParam, size: OPEN_PAGE_SIZE },
        signal,
        toast: false,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage<SwapOrder>,
    enabled: loggedIn,
  });
}

/** My finished orders (3 months), by contract and state, page by page. */
export function useOrderHistory(symbol: string, status: HistoryStatus) {
  const loggedIn = useLoggedIn();
  return useInfiniteQuery({
    queryKey: futuresKeys.history(symbol, status),
    queryFn: ({ pageParam, signal }) =>
      api.call(perpApi.orderHistory, {
        query: { symbol: symbol || undefined, status: status || undefined, page: pageParam, size: PAGE_SIZE },
        signal,
        toast: false,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage<SwapOrder>,
    enabled: loggedIn,
  });
}

function usePagedRecords<T>(
  key: QueryKey,
  fetchPage: (page: number, signal: AbortSignal) => Promise<Paged<T>>,
  enabled: boolean,
) {
  const loggedIn = useLoggedIn();
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage<T>,
    enabled: loggedIn && enabled,
  });
}

function recordQuery(symbol: string, page: number) {
  return { symbol: symbol || undefined, page, size: PAGE_SIZE };
}

/** My closed positions (3 months), with how they closed, page by page. */
export function usePositionHistory(symbol: string, enabled = true) {
  return usePagedRecords(
    futuresKeys.records('positionHistory', symbol),
    (page, signal) => api.call(perpApi.positionHistory, { query: recordQuery(symbol, page), signal, toast: false }),
    enabled,
  );
}

/** Every close of my positions (manual, take-profit, stop-loss, liquidation, system), newest first. */
export function useCloses(symbol: string, enabled = true) {
  return usePagedRecords(
    futuresKeys.records('closes', symbol),
    (page, signal) => api.call(perpApi.closes, { query: recordQuery(symbol, page), signal, toast: false }),
    enabled,
  );
}

export function useFills(symbol: string, enabled = true) {
  return usePagedRecords(
    futuresKeys.records('fills', symbol),
    (page, signal) => api.call(perpApi.fills, { query: recordQuery(symbol, page), signal, toast: false }),
    enabled,
  );
}

/** My funding payments: received (+) or paid (−) at each funding instant, per position. */
export function useFundingPayments(symbol: string, enabled = true) {
  return usePagedRecords(
    futuresKeys.records('funding', symbol),
    (page, signal) => api.call(perpApi.funding, { query: recordQuery(symbol, page), signal, toast: false }),
    enabled,
  );
}

export function useOrderDetail(id: number) {
  return useQuery({
    queryKey: futuresKeys.order(id),
    queryFn: ({ signal }) => api.call(perpApi.orderDetail, { params: { id }, signal, toast: false }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function usePositionDetail(id: number) {
  return useQuery({
    queryKey: futuresKeys.position(id),
    queryFn: ({ signal }) => api.call(perpApi.positionDetail, { params: { id }, signal, toast: false }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

// ---- actions ------------------------------------------------------------------------------------------------------

export interface PlaceOrderBody {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price?: string;
  lots: number;
  timeInForce?: 'GTC' | 'IOC' | 'FOK';
  postOnly?: boolean;
  reduceOnly?: boolean;
  takeProfit?: string;
  stopLoss?: string;
  /** The request id: an order retried after a network failure is placed once. */
  clientOrderId: string;
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => api.call(perpApi.placeOrder, { body }),
    onSuccess: (order) => applyOrder(queryClient, order),
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(perpApi.cancel, { body: { id } }),
    onSuccess: (order) => applyOrder(queryClient, order),
  });
}

export function useCancelAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => api.call(perpApi.cancelAll, { body: symbol ? { symbol } : {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: futuresKeys.openAll });
      void queryClient.invalidateQueries({ queryKey: futuresKeys.historyAll });
      refreshDesk(queryClient);
    },
  });
}

export interface CloseInput {
  symbol: string;
  /** Whole lots; absent: the whole position. */
  lots?: number;
  type: 'limit' | 'market';
  price?: string;
  clientOrderId: string;
}

export function useClosePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CloseInput) => api.call(perpApi.close, { body }),
    onSuccess: (order) => applyOrder(queryClient, order),
  });
}

export function useCloseAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { symbol?: string; requestId: string }) => api.call(perpApi.closeAll, { body }),
    onSuccess: (result) => result.orders.forEach((order) => applyOrder(queryClient, order)),
  });
}

function applySettings(queryClient: QueryClient, settings: SwapSettings): void {
  queryClient.setQueryData(futuresKeys.settings(settings.symbol), settings);
  refreshDesk(queryClient);
  void queryClient.invalidateQueries({ queryKey: futuresKeys.positions });
}

export function useSetLeverage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { symbol: string; leverage: number; requestId: string }) =>
      api.call(perpApi.leverage, { body, toast: false }),
    onSuccess: (settings) => applySettings(queryClient, settings),
  });
}

export function useSetMarginMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { symbol: string; marginMode: MarginMode }) =>
      api.call(perpApi.marginMode, { body, toast: false }),
    onSuccess: (settings) => applySettings(queryClient, settings),
  });
}

export function useAdjustMargin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { symbol: string; action: 'add' | 'remove'; amount: string; requestId: string }) =>
      api.call(perpApi.margin, { body, toast: false }),
    onSuccess: (position) => {
      applyPosition(queryClient, position);
      refreshDesk(queryClient, position.symbol);
    },
  });
}

export function useSetTpSl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { symbol: string; takeProfit: string | null; stopLoss: string | null }) =>
      api.call(perpApi.tpsl, { body, toast: false }),
    onSuccess: (position) => applyPosition(queryClient, position),
  });
}

export type { SwapPreview };
