import type {
  Candle,
  PublicTrade,
  SwapClose,
  SwapContractWithTicker,
  SwapOrder,
  SwapPosition,
  SwapTicker,
} from '@bourse/contract';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * How live frames and call answers change what the futures pages hold (pure: the api hooks apply them to the query
 * cache). Every list keeps its server order (newest first) and its total; a record is shown once.
 */

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** A list loaded page by page (open orders, history, closes, fills, funding). */
export type PagedList<T> = InfiniteData<Paged<T>, unknown>;

const TRADES_KEPT = 50;

// ---- market data --------------------------------------------------------------------------------------------------

/** A newer ticker replaces the one of its contract (an older frame never overwrites a newer answer). */
export function withTicker(item: SwapContractWithTicker, ticker: SwapTicker): SwapContractWithTicker {
  return item.contract.symbol === ticker.symbol && ticker.ts >= item.ticker.ts ? { ...item, ticker } : item;
}

export function withTickerInList(
  list: readonly SwapContractWithTicker[] | undefined,
  ticker: SwapTicker,
): SwapContractWithTicker[] | undefined {
  if (!list) return list;
  let changed = false;
  const next = list.map((item) => {
    const updated = withTicker(item, ticker);
    if (updated !== item) changed = true;
    return updated;
  });
  return changed ? next : (list as SwapContractWithTicker[]);
}

/** Trades merged by id, newest first. */
export function mergeTrades(old: readonly PublicTrade[] | undefined, add: readonly PublicTrade[]): PublicTrade[] {
  const byId = new Map((old ?? []).map((t) => [t.id, t]));
  for (const t of add) byId.set(t.id, t);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, TRADES_KEPT);
}

/** The current candle replaces the last one of its period or opens a new one. */
export function upsertCandle(old: readonly Candle[] | undefined, candle: Candle): Candle[] | undefined {
  if (!old) return old;
  const last = old.at(-1);
  if (!last || candle.t > last.t) return [...old, candle];
  if (candle.t === last.t) return [...old.slice(0, -1), candle];
  return old as Candle[];
}

// ---- paged lists --------------------------------------------------------------------------------------------------

/** The items of the pages loaded so far, once each (an item that moved between pages shows once), and the total. */
export function loadedItems<T extends { id: number }>(data: PagedList<T> | undefined): { list: T[]; total: number } {
  if (!data) return { list: [], total: 0 };
  const seen = new Set<number>();
  const list: T[] = [];
  for (const page of data.pages) {
    for (const item of page.list) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      list.push(item);
    }
  }
  return { list, total: data.pages[0]?.total ?? 0 };
}

/** The item replaced where it is, or put first on the first page (every page's total one more). */
export function putInPages<T extends { id: number }>(old: PagedList<T>, item: T): PagedList<T> {
  if (old.pages.some((p) => p.list.some((o) => o.id === item.id))) {
    return {
      ...old,
      pages: old.pages.map((p) => ({ ...p, list: p.list.map((o) => (o.id === item.id ? item : o)) })),
    };
  }
  return {
    ...old,
    pages: old.pages.map((p, i) => ({ ...p, list: i === 0 ? [item, ...p.list] : p.list, total: p.total + 1 })),
  };
}

/** The item taken off whichever page holds it (every page's total one less); unchanged when it is not there. */
export function removeFromPages<T extends { id: number }>(old: PagedList<T>, id: number): PagedList<T> {
  if (!old.pages.some((p) => p.list.some((o) => o.id === id))) return old;
  return {
    ...old,
    pages: old.pages.map((p) => ({ ...p, list: p.list.filter((o) => o.id !== id), total: Math.max(0, p.total - 1) })),
  };
}

// ---- orders -------------------------------------------------------------------------------------------------------

/** Resting in the book: entrusted (no fill yet) or partial (spec §4). */
export function isOpenOrder(order: Pick<SwapOrder, 'status'>): boolean {
  return order.status === 'entrusted' || order.status === 'partial';
}

/** An open list follows an order: kept (replaced or added first) while it rests, taken off once it is done. */
export function upsertOpenOrder(old: PagedList<SwapOrder> | undefined, order: SwapOrder) {
  if (!old || old.pages.length === 0) return old;
  return isOpenOrder(order) ? putInPages(old, order) : removeFromPages(old, order.id);
}

/** A history list takes a finished order (replaced where it is, or first); a resting one never enters it. */
export function upsertHistoryOrder(old: PagedList<SwapOrder> | undefined, order: SwapOrder) {
  if (!old || old.pages.length === 0 || isOpenOrder(order)) return old;
  return putInPages(old, order);
}

/** A history list's status filter, as `SwapOrderHistoryQuery` has it ('' for all). */
export type HistoryStatus = '' | 'trading' | 'complete' | 'closed' | 'cancelled';

/** Whether a list asked for `symbol` ('' = every contract) and `status` ('' = all) shows this record. */
export function listShows(
  filter: { symbol: string; status?: string },
  record: { symbol: string; status?: string },
): boolean {
  return (
    (filter.symbol === '' || filter.symbol === record.symbol) && (!filter.status || filter.status === record.status)
  );
}

/** A new close record first in a list of closes (once: the call's answer and the frame may both bring it). */
export function addClose(old: PagedList<SwapClose> | undefined, close: SwapClose) {
  if (!old || old.pages.length === 0) return old;
  return putInPages(old, close);
}

// ---- positions ----------------------------------------------------------------------------------------------------

/**
 * My open positions after a `swap-positions` frame: the frame lists every open position, so it replaces the list;
 * positions named in `closed` are dropped even if an older answer still had them.
 */
export function positionsFromFrame(
  positions: readonly SwapPosition[],
  closed: readonly SwapPosition[],
): SwapPosition[] {
  const gone = new Set(closed.map((p) => p.id));
  return sortPositions(positions.filter((p) => p.lots > 0 && p.status === 'open' && !gone.has(p.id)));
}

/** One position changed (a margin or TP/SL answer): replaced where it is, added when new, dropped once closed. */
export function upsertPosition(
  old: readonly SwapPosition[] | undefined,
  position: SwapPosition,
): SwapPosition[] | undefined {
  if (!old) return old;
  const rest = old.filter((p) => p.id !== position.id);
  const current = old.find((p) => p.id === position.id);
  // A frame newer than this answer already moved on.
  if (current && current.updatedAt > position.updatedAt) return old as SwapPosition[];
  if (position.status !== 'open' || position.lots === 0) return rest;
  return sortPositions([...rest, position]);
}

/** Newest first, so a position just opened is on top. */
function sortPositions(list: SwapPosition[]): SwapPosition[] {
  return list.sort((a, b) => b.openedAt - a.openedAt || b.id - a.id);
}
