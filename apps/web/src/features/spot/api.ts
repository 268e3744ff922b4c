import type {
  AssetCategory,
  Balances,
  Candle,
  Depth,
  HomeList,
  KlineFrame,
  KlinePeriod,
  MarketEvent,
  MarketWithTicker,
  OrderFrame,
  PublicTrade,
  SpotFill,
  SpotOrder,
  SpotTickerFrame,
  Ticker,
  TickerFrame,
} from '@bourse/contract';
import {
  type InfiniteData,
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

/**
 * Spot market data and orders. Live frames only ever write into the query cache (docs/web.md, "Live data"): the
 * `ticker` channel into every list of markets, `spot-ticker` into the market and its trades, `spot-kline` into the
 * candles, `spot-depth` through the trading kit's book sync (`lib/trading/liveBook.ts`) into the book, and the private
 * order channels into the open orders, the history and the order details.
 */

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export type SideFilter = '' | 'buy' | 'sell';

/** Levels per side the pages draw and the book keeps. */
export const BOOK_LEVELS = 50;
const TRADES_KEPT = 50;
const EVENTS_KEPT = 50;
const CANDLES_PER_LOAD = 300;

export const spotKeys = {
  markets: ['spot', 'markets'] as const,
  market: (symbol: string) => ['spot', 'market', symbol] as const,
  categories: ['spot', 'categories'] as const,
  homeList: ['spot', 'homeList'] as const,
  book: (symbol: string) => ['spot', 'book', symbol] as const,
  trades: (symbol: string) => ['spot', 'trades', symbol] as const,
  candles: (symbol: string, period: KlinePeriod) => ['spot', 'candles', symbol, period] as const,
  events: (symbol: string | null) => ['spot', 'events', symbol ?? '*'] as const,
  favorites: [USER_SCOPE, 'spot', 'favorites'] as const,
  openAll: [USER_SCOPE, 'spot', 'open'] as const,
  open: (symbol: string, side: SideFilter = '') => [USER_SCOPE, 'spot', 'open', symbol, side] as const,
  historyAll: [USER_SCOPE, 'spot', 'history'] as const,
  history: (symbol: string, side: SideFilter) => [USER_SCOPE, 'spot', 'history', symbol, side] as const,
  order: (id: number) => [USER_SCOPE, 'spot', 'order', id] as const,
  balances: [USER_SCOPE, 'spot', 'balances'] as const,
};

// ---- markets and tickers ------------------------------------------------------------------------------------------

export function useMarkets() {
  return useQuery({
    queryKey: spotKeys.markets,
    queryFn: () => api.get<MarketWithTicker[]>('/api/common/symbolList', { toast: false }),
    // Kept current by the ticker channel; a refetch only brings new markets.
    staleTime: 60_000,
  });
}

/** One market with its ticker; shown at once from the market list when that is cached. */
export function useMarket(symbol: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: spotKeys.market(symbol),
    queryFn: () => api.get<MarketWithTicker>('/api/common/getSpotSymbol', { query: { symbol }, toast: false }),
    initialData: () =>
      queryClient.getQueryData<MarketWithTicker[]>(spotKeys.markets)?.find((m) => m.market.symbol === symbol),
    initialDataUpdatedAt: () => queryClient.getQueryState(spotKeys.markets)?.dataUpdatedAt,
    enabled: symbol !== '',
    staleTime: 60_000,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: spotKeys.categories,
    queryFn: () => api.get<AssetCategory[]>('/api/common/assetCateList', { toast: false }),
    staleTime: 5 * 60_000,
  });
}

export function useHomeList() {
  return useQuery({
    queryKey: spotKeys.homeList,
    queryFn: () => api.get<HomeList>('/api/common/homeList', { toast: false }),
  });
}

function withTickers(list: readonly MarketWithTicker[], bySymbol: ReadonlyMap<string, Ticker>): MarketWithTicker[] {
  let changed = false;
  const next = list.map((item) => {
    const ticker = bySymbol.get(item.market.symbol);
    if (!ticker || ticker.ts < item.ticker.ts) return item;
    changed = true;
    return { ...item, ticker };
  });
  return changed ? next : (list as MarketWithTicker[]);
}

/** Writes tickers into every cached list of markets (market list, single markets, home lists). */
export function applyTickers(queryClient: QueryClient, tickers: readonly Ticker[]): void {
  if (tickers.length === 0) return;
  const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
  queryClient.setQueryData<MarketWithTicker[]>(spotKeys.markets, (old) => old && withTickers(old, bySymbol));
  for (const ticker of tickers) {
    queryClient.setQueryData<MarketWithTicker>(spotKeys.market(ticker.symbol), (old) =>
      old && ticker.ts >= old.ticker.ts ? { ...old, ticker } : old,
    );
  }
  queryClient.setQueryData<HomeList>(spotKeys.homeList, (old) =>
    old
      ? {
          hot: withTickers(old.hot, bySymbol),
          gainers: withTickers(old.gainers, bySymbol),
          losers: withTickers(old.losers, bySymbol),
          volume: withTickers(old.volume, bySymbol),
        }
      : old,
  );
}

/** New live events in front of the cached lists (all markets, and the event's own market). */
export function applyEvents(queryClient: QueryClient, events: readonly MarketEvent[]): void {
  if (events.length === 0) return;
  const merge = (old: MarketEvent[] | undefined, add: readonly MarketEvent[]) => {
    if (!old) return old;
    const seen = new Set(old.map((e) => e.id));
    const fresh = add.filter((e) => !seen.has(e.id));
    return fresh.length === 0
      ? old
      : [...fresh, ...old].sort((a, b) => b.ts - a.ts || b.id - a.id).slice(0, EVENTS_KEPT);
  };
  queryClient.setQueryData<MarketEvent[]>(spotKeys.events(null), (old) => merge(old, events));
  for (const symbol of new Set(events.map((e) => e.symbol))) {
    queryClient.setQueryData<MarketEvent[]>(spotKeys.events(symbol), (old) =>
      merge(
        old,
        events.filter((e) => e.symbol === symbol),
      ),
    );
  }
}

function isTickerFrame(data: unknown): data is TickerFrame {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as TickerFrame).tickers) &&
    Array.isArray((data as TickerFrame).events)
  );
}

/** Every market's ticker and the live events, from the `ticker` channel (its first frame has all of them). */
export function useTickerFeed(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      live.subscribe('ticker', {}, (data) => {
        if (!isTickerFrame(data)) return;
        applyTickers(queryClient, data.tickers);
        applyEvents(queryClient, data.events);
      }),
    [queryClient],
  );
}

// ---- one market: trades, candles, events --------------------------------------------------------------------------

export function useTrades(symbol: string) {
  return useQuery({
    queryKey: spotKeys.trades(symbol),
    queryFn: () =>
      api.get<PublicTrade[]>('/api/common/getHistoryOrder', {
        query: { symbol, type: 'spot', limit: 30 },
        toast: false,
      }),
    staleTime: Infinity,
  });
}

/** Trades merged by id, newest first. */
export function mergeTrades(old: readonly PublicTrade[] | undefined, add: readonly PublicTrade[]): PublicTrade[] {
  const byId = new Map((old ?? []).map((t) => [t.id, t]));
  for (const t of add) byId.set(t.id, t);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, TRADES_KEPT);
}

function isSpotTickerFrame(data: unknown): data is SpotTickerFrame {
  const frame = data as SpotTickerFrame | null;
  return (
    typeof frame === 'object' &&
    frame !== null &&
    typeof frame.ticker?.symbol === 'string' &&
    Array.isArray(frame.trades)
  );
}

/** The market's ticker and trades as they happen (`spot-ticker`). */
export function useSymbolFeed(symbol: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (symbol === '') return;
    return live.subscribe('spot-ticker', { symbol }, (data) => {
      if (!isSpotTickerFrame(data) || data.ticker.symbol !== symbol) return;
      applyTickers(queryClient, [data.ticker]);
      if (data.trades.length > 0) {
        queryClient.setQueryData<PublicTrade[]>(spotKeys.trades(symbol), (old) => mergeTrades(old, data.trades));
      }
    });
  }, [symbol, queryClient]);
}

export function useCandles(symbol: string, period: KlinePeriod) {
  return useQuery({
    queryKey: spotKeys.candles(symbol, period),
    queryFn: () =>
      api.get<Candle[]>('/api/common/kline', { query: { symbol, period, limit: CANDLES_PER_LOAD }, toast: false }),
    staleTime: Infinity,
  });
}

/** Older candles for the chart when it is scrolled to its left edge (oldest first, before `before`). */
export function fetchOlderCandles(symbol: string, period: KlinePeriod, before: number): Promise<Candle[]> {
  return api.get<Candle[]>('/api/common/kline', {
    query: { symbol, period, before, limit: CANDLES_PER_LOAD },
    toast: false,
  });
}

/** The current candle replaces the last one of its period or opens a new one. */
export function upsertCandle(old: readonly Candle[] | undefined, candle: Candle): Candle[] | undefined {
  if (!old) return old;
  const last = old.at(-1);
  if (!last || candle.t > last.t) return [...old, candle];
  if (candle.t === last.t) return [...old.slice(0, -1), candle];
  return old as Candle[];
}

function isKlineFrame(data: unknown): data is KlineFrame {
  const frame = data as KlineFrame | null;
  return typeof frame === 'object' && frame !== null && typeof frame.candle?.t === 'number';
}

/** The current candle of the period as it changes (`spot-kline`). */
export function useKlineFeed(symbol: string, period: KlinePeriod): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (symbol === '') return;
    return live.subscribe('spot-kline', { symbol, period }, (data) => {
      if (!isKlineFrame(data) || data.symbol !== symbol || data.period !== period) return;
      queryClient.setQueryData<Candle[]>(spotKeys.candles(symbol, period), (old) => upsertCandle(old, data.candle));
    });
  }, [symbol, period, queryClient]);
}

/** Live events of one market, or of every market (`null`); new ones arrive on the `ticker` channel. */
export function useMarketEvents(symbol: string | null) {
  return useQuery({
    queryKey: spotKeys.events(symbol),
    queryFn: () =>
      api.get<MarketEvent[]>('/api/common/marketEvents', {
        query: { symbol: symbol ?? undefined, limit: 30 },
        toast: false,
      }),
    staleTime: Infinity,
  });
}

// ---- order book ---------------------------------------------------------------------------------------------------

function fetchDepth(symbol: string, type: number, limit: number): Promise<Depth> {
  return api.get<Depth>('/api/common/getDepth', { query: { symbol, type, limit }, toast: false });
}

/** A spot market's book for the trading kit: the `spot-depth` channel and `getDepth` at its aggregation levels. */
export function spotBookSource(symbol: string): BookSource {
  return {
    key: spotKeys.book(symbol),
    symbol,
    channel: 'spot-depth',
    params: { symbol },
    fetchDepth: (type) => fetchDepth(symbol, type, BOOK_LEVELS),
    levels: BOOK_LEVELS,
  };
}

/** The market's order book at tick level, live (the trading kit's book sync over `spot-depth`). */
export function useOrderBook(symbol: string) {
  return useLiveBook(spotBookSource(symbol));
}

/** The book at an aggregation level (`getDepth` type 1–3), refreshed while the live book moves. */
export function useSpotAggregatedBook(symbol: string, type: number, liveSeq: number | undefined) {
  return useAggregatedBook(spotBookSource(symbol), type, liveSeq);
}

// ---- favourites ---------------------------------------------------------------------------------------------------

export function useFavorites() {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: spotKeys.favorites,
    queryFn: () => api.get<string[]>('/mapi/favorite/favoriteSymbol', { query: { type: 'spot' }, toast: false }),
    enabled: loggedIn,
  });
}

/** Marks or unmarks a favourite; the star changes at once and goes back if the server refuses. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, favorite }: { symbol: string; favorite: boolean }) =>
      favorite
        ? api.post<null>('/mapi/favorite/addFavorite', { symbol, type: 'spot' })
        : api.get<null>('/mapi/favorite/removeFavorite', { query: { symbol, type: 'spot' } }),
    onMutate: async ({ symbol, favorite }) => {
      await queryClient.cancelQueries({ queryKey: spotKeys.favorites });
      const before = queryClient.getQueryData<string[]>(spotKeys.favorites);
      queryClient.setQueryData<string[]>(spotKeys.favorites, (old = []) =>
        favorite ? [...old.filter((s) => s !== symbol), symbol] : old.filter((s) => s !== symbol),
      );
      return { before };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(spotKeys.favorites, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.favorites }),
  });
}

// ---- balances -----------------------------------------------------------------------------------------------------

export function useSpotBalances() {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: spotKeys.balances,
    queryFn: () => api.get<Balances>('/mapi/wallet/balances', { toast: false }),
    enabled: loggedIn,
  });
}

/** An asset of the spot wallet: what is available and the decimals the wallet shows it with. */
export function spotAsset(
  balances: Balances | undefined,
  asset: string,
): { available: string; precision: number | undefined } {
  const found = balances?.wallets.find((w) => w.wallet === 'spot')?.assets.find((a) => a.asset === asset);
  return { available: found?.available ?? '0', precision: found?.displayPrecision };
}

/**
 * Money moved: the spot balances here, and the wallet pages' balances (the wallet feature's query key, named here
 * rather than imported — features never import each other).
 */
function refreshBalances(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: spotKeys.balances });
  void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'wallet', 'balances'] });
}

// ---- orders -------------------------------------------------------------------------------------------------------

export function isOpenOrder(order: Pick<SpotOrder, 'status'>): boolean {
  return order.status === 'open' || order.status === 'partial';
}

const OPEN_PAGE_SIZE = 50;
const HISTORY_PAGE_SIZE = 20;

/** My open orders, of one market or of all (`''`), of one side or both, newest first, page by page. */
export function useOpenOrders(symbol: string, side: SideFilter = '') {
  const loggedIn = useSession((s) => s.token !== null);
  return useInfiniteQuery({
    queryKey: spotKeys.open(symbol, side),
    queryFn: ({ pageParam }) =>
      api.get<Paged<SpotOrder>>('/mapi/spot/getOnList', {
        query: { symbol: symbol || undefined, side: side || undefined, page: pageParam, size: OPEN_PAGE_SIZE },
        toast: false,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}

/**
 * The orders of the pages loaded so far, once each (an order that moved between pages while they loaded — others
 * finished before it — would otherwise show twice), and the list's total.
 */
export function loadedOrders(data: InfiniteData<Paged<SpotOrder>, unknown> | undefined): {
  list: SpotOrder[];
  total: number;
} {
  if (!data) return { list: [], total: 0 };
  const seen = new Set<number>();
  const list: SpotOrder[] = [];
  for (const page of data.pages) {
    for (const order of page.list) {
      if (seen.has(order.id)) continue;
      seen.add(order.id);
      list.push(order);
    }
  }
  return { list, total: data.pages[0]?.total ?? 0 };
}

/** My finished orders (last 3 months), filtered by market and side, page by page. */
export function useOrderHistory(symbol: string, side: SideFilter) {
  const loggedIn = useSession((s) => s.token !== null);
  return useInfiniteQuery({
    queryKey: spotKeys.history(symbol, side),
    queryFn: ({ pageParam }) =>
      api.get<Paged<SpotOrder>>('/mapi/spot/getOrderList', {
        query: { symbol: symbol || undefined, side: side || undefined, page: pageParam, size: HISTORY_PAGE_SIZE },
        toast: false,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}

export interface OrderDetail {
  order: SpotOrder;
  fills: SpotFill[];
}

export function useOrderDetail(id: number) {
  return useQuery({
    queryKey: spotKeys.order(id),
    queryFn: () => api.get<OrderDetail>(`/mapi/spot/getDetail/${id}`, { toast: false }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** A list of orders as loaded page by page (open orders, order history). */
export type PagedOrders = InfiniteData<Paged<SpotOrder>, number>;

/** The order replaced where it is, or put first on the first page (every page's total one more). */
function putInPages(old: PagedOrders, order: SpotOrder): PagedOrders {
  if (old.pages.some((p) => p.list.some((o) => o.id === order.id))) {
    return {
      ...old,
      pages: old.pages.map((p) => ({ ...p, list: p.list.map((o) => (o.id === order.id ? order : o)) })),
    };
  }
  return {
    ...old,
    pages: old.pages.map((p, i) => ({ ...p, list: i === 0 ? [order, ...p.list] : p.list, total: p.total + 1 })),
  };
}

/** The order taken off whichever page holds it (every page's total one less); unchanged when it is not there. */
function removeFromPages(old: PagedOrders, id: number): PagedOrders {
  if (!old.pages.some((p) => p.list.some((o) => o.id === id))) return old;
  return {
    ...old,
    pages: old.pages.map((p) => ({ ...p, list: p.list.filter((o) => o.id !== id), total: Math.max(0, p.total - 1) })),
  };
}

function upsertOpen(old: PagedOrders | undefined, order: SpotOrder): PagedOrders | undefined {
  if (!old || old.pages.length === 0) return old;
  return isOpenOrder(order) ? putInPages(old, order) : removeFromPages(old, order.id);
}

function upsertHistory(old: PagedOrders | undefined, order: SpotOrder): PagedOrders | undefined {
  if (!old || old.pages.length === 0) return old;
  return putInPages(old, order);
}

/** The filters a cached list was asked with: `[user, spot, open|history, symbol, side?]`. */
function matches(key: QueryKey, order: SpotOrder): boolean {
  const symbol = typeof key[3] === 'string' ? key[3] : '';
  const side = typeof key[4] === 'string' ? key[4] : '';
  return (symbol === '' || symbol === order.symbol) && (side === '' || side === order.side);
}

/**
 * An order changed (placed, filled, cancelled — from a live frame or a call's answer): the open lists, the history
 * lists and the order's detail follow, and the balances are fetched again.
 */
export function applyOrder(queryClient: QueryClient, order: SpotOrder, fills: readonly SpotFill[] = []): void {
  for (const [key] of queryClient.getQueriesData({ queryKey: spotKeys.openAll })) {
    if (matches(key, order)) queryClient.setQueryData<PagedOrders>(key, (old) => upsertOpen(old, order));
  }
  if (!isOpenOrder(order)) {
    for (const [key] of queryClient.getQueriesData({ queryKey: spotKeys.historyAll })) {
      if (matches(key, order)) queryClient.setQueryData<PagedOrders>(key, (old) => upsertHistory(old, order));
    }
  }
  queryClient.setQueryData<OrderDetail>(spotKeys.order(order.id), (old) => {
    if (!old) return old;
    const byId = new Map(old.fills.map((f) => [f.id, f]));
    for (const f of fills) byId.set(f.id, f);
    return { order, fills: [...byId.values()].sort((a, b) => a.ts - b.ts || a.id - b.id) };
  });
  refreshBalances(queryClient);
}

function isOrderFrame(data: unknown): data is OrderFrame {
  const frame = data as OrderFrame | null;
  return (
    typeof frame === 'object' && frame !== null && typeof frame.order?.id === 'number' && Array.isArray(frame.fills)
  );
}

/**
 * My orders as they change: `spot-entrust-order` (every change of an open order) and `spot history-order` (an order
 * that finished). Both write through {@link applyOrder}; a frame seen on both is applied twice with the same result.
 */
export function useOrderFeed(): void {
  const queryClient = useQueryClient();
  const loggedIn = useSession((s) => s.token !== null);
  useEffect(() => {
    if (!loggedIn) return;
    const listener = (data: unknown) => {
      if (isOrderFrame(data)) applyOrder(queryClient, data.order, data.fills);
    };
    const offOpen = live.subscribe('spot-entrust-order', {}, listener);
    const offHistory = live.subscribe('spot history-order', {}, listener);
    return () => {
      offOpen();
      offHistory();
    };
  }, [loggedIn, queryClient]);
}

/** What the order form sends (`NewSpotOrderBody` before its defaults: GTC, not post-only, cancel-taker STP). */
export interface PlaceOrderBody {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price?: string;
  quantity?: string;
  quoteQuantity?: string;
  /** The request id: an order retried after a network failure is placed once. */
  clientOrderId?: string;
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => api.post<SpotOrder>('/mapi/spot/neworder', body),
    onSuccess: (order) => applyOrder(queryClient, order),
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<SpotOrder>(`/mapi/spot/cancel/${id}`),
    onSuccess: (order) => applyOrder(queryClient, order),
  });
}

export function useCancelAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => api.post<{ cancelled: number }>('/mapi/spot/cancelAll', symbol ? { symbol } : {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: spotKeys.openAll });
      void queryClient.invalidateQueries({ queryKey: spotKeys.historyAll });
      refreshBalances(queryClient);
    },
  });
}
