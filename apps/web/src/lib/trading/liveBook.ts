import type { ChannelName, Depth, DepthFrame } from '@bourse/contract';
import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { live, type SubscriptionParams } from '../live';
import { type BookView, DepthSync } from './book';

/**
 * Where a market's order book comes from — any product: spot, perpetuals, options. The caller names the query-cache
 * key, the live channel and the snapshot call; the kit keeps the book (a {@link DepthSync}) and writes it into the
 * cache, so pages read it like any query.
 */
export interface BookSource {
  /** Query-cache key of the live book, e.g. `['spot', 'book', 'BTC_USDT']`; aggregated levels go under it. */
  key: QueryKey;
  /** The market; its frames carry it. `''`: nothing to show yet. */
  symbol: string;
  /** The depth channel and its parameters (`spot-depth`, `{ symbol }`): a snapshot on subscribing, then diffs. */
  channel: ChannelName;
  params: SubscriptionParams;
  /** A snapshot at an aggregation level: 0 = tick, 1–3 = 10, 100, 1000 ticks (for spot `getDepth?type=`). */
  fetchDepth(type: number): Promise<Depth>;
  /** Levels per side the book keeps and publishes (default 50). */
  levels?: number;
}

/** An aggregated book is fetched again at most this often while the live book moves. */
const AGGREGATE_REFRESH_MS = 1000;
const DEFAULT_LEVELS = 50;

function isDepthFrame(data: unknown): data is DepthFrame {
  const frame = data as DepthFrame | null;
  return (
    typeof frame === 'object' &&
    frame !== null &&
    (frame.type === 'snapshot' || frame.type === 'diff') &&
    typeof frame.seq === 'number' &&
    Array.isArray(frame.bids) &&
    Array.isArray(frame.asks)
  );
}

/** One book per source, shared by every component showing it, alive while one of them is. */
const books = new Map<string, { sync: DepthSync; users: number; unsubscribe: () => void }>();

function bookId(key: QueryKey): string {
  return JSON.stringify(key);
}

function acquireBook(source: BookSource, queryClient: QueryClient): () => void {
  const id = bookId(source.key);
  let entry = books.get(id);
  if (!entry) {
    const sync = new DepthSync({
      symbol: source.symbol,
      levels: source.levels ?? DEFAULT_LEVELS,
      fetchSnapshot: () => source.fetchDepth(0),
      publish: (view) => queryClient.setQueryData<BookView>(source.key, view),
    });
    const unsubscribe = live.subscribe(source.channel, source.params, (data) => {
      if (isDepthFrame(data)) sync.onFrame(data);
    });
    entry = { sync, users: 0, unsubscribe };
    books.set(id, entry);
  }
  const held = entry;
  held.users++;
  return () => {
    held.users--;
    if (held.users > 0 || books.get(id) !== held) return;
    books.delete(id);
    held.unsubscribe();
    held.sync.dispose();
  };
}

/**
 * The market's order book at tick level, live: the channel's snapshot, then its diffs by sequence, a fresh snapshot
 * on a gap (Binance's local order-book recipe, `book.ts`). The first paint may come from the snapshot call, handed to
 * the same book.
 */
export function useLiveBook(source: BookSource) {
  const queryClient = useQueryClient();
  const id = bookId(source.key);
  const enabled = source.symbol !== '';
  // The source is usually rebuilt on every render; its key says when it is another book.
  const latest = useRef(source);
  latest.current = source;
  useEffect(() => (enabled ? acquireBook(latest.current, queryClient) : undefined), [id, enabled, queryClient]);
  return useQuery({
    queryKey: source.key,
    queryFn: async (): Promise<BookView> => {
      const { symbol, fetchDepth } = latest.current;
      const depth = await fetchDepth(0);
      const sync = books.get(id)?.sync;
      return sync ? sync.applySnapshot(depth) : { symbol, seq: depth.seq, bids: depth.bids, asks: depth.asks };
    },
    enabled,
    staleTime: Infinity,
  });
}

/**
 * The book at an aggregation level (type 1–3: 10, 100, 1000 ticks), computed by the server. It is fetched again when
 * the live book's sequence moves, at most once a second.
 */
export function useAggregatedBook(source: BookSource, type: number, liveSeq: number | undefined) {
  const queryClient = useQueryClient();
  const key = [...source.key, type];
  const id = bookId(key);
  const latest = useRef(source);
  latest.current = source;
  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<BookView> => {
      const depth = await latest.current.fetchDepth(type);
      return { symbol: latest.current.symbol, seq: depth.seq, bids: depth.bids, asks: depth.asks };
    },
    enabled: source.symbol !== '' && type > 0,
    staleTime: Infinity,
  });
  const fetchedAt = query.dataUpdatedAt;
  const shownSeq = query.data?.seq;
  useEffect(() => {
    if (type === 0 || liveSeq === undefined || shownSeq === undefined || liveSeq <= shownSeq) return;
    const wait = Math.max(0, fetchedAt + AGGREGATE_REFRESH_MS - Date.now());
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: [...latest.current.key, type] }),
      wait,
    );
    return () => clearTimeout(timer);
  }, [queryClient, id, type, liveSeq, shownSeq, fetchedAt]);
  return query;
}
