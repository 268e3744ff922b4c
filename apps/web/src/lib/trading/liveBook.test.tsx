import type { Depth, DepthFrame } from '@bourse/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookView } from './book';
import { type BookSource, useLiveBook } from './liveBook';

/** The live channel, faked: who subscribed to what, and a way to send them frames. */
const subscriptions: { channel: string; params: unknown; listener: (data: unknown) => void; active: boolean }[] = [];

vi.mock('../live', () => ({
  live: {
    subscribe(channel: string, params: unknown, listener: (data: unknown) => void) {
      const entry = { channel, params, listener, active: true };
      subscriptions.push(entry);
      return () => {
        entry.active = false;
      };
    },
  },
}));

function send(frame: DepthFrame): void {
  for (const s of subscriptions) if (s.active) s.listener(frame);
}

const SYMBOL = 'BTC-PERP';

function frame(type: 'snapshot' | 'diff', prevSeq: number, seq: number, bids: DepthFrame['bids']): DepthFrame {
  return { type, symbol: SYMBOL, prevSeq, seq, bids, asks: [], ts: 0 };
}

/** A perpetual's book: its own channel, parameters and query key — nothing of spot in it. */
function source(fetchDepth: (type: number) => Promise<Depth>): BookSource {
  return {
    key: ['futures', 'book', SYMBOL],
    symbol: SYMBOL,
    channel: 'swap-depth',
    params: { symbol: SYMBOL, contract: 'usdt' },
    fetchDepth,
  };
}

function Book({ from }: { from: BookSource }) {
  const book = useLiveBook(from);
  return <output>{book.data?.bids.map(([price, qty]) => `${price}:${qty}`).join(' ')}</output>;
}

describe('the trading kit’s live book', () => {
  beforeEach(() => {
    subscriptions.length = 0;
  });

  it('follows whatever channel and key the product gives it, and fetches a snapshot on a gap', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetchDepth = vi.fn(async (type: number): Promise<Depth> => ({
      symbol: SYMBOL,
      seq: type === 0 ? 10 : 0,
      bids: [['100', '1']],
      asks: [],
      ts: 0,
    }));
    const view = render(
      <QueryClientProvider client={client}>
        <Book from={source(fetchDepth)} />
      </QueryClientProvider>,
    );
    await act(async () => undefined);
    expect(subscriptions.map((s) => [s.channel, s.params])).toEqual([
      ['swap-depth', { symbol: SYMBOL, contract: 'usdt' }],
    ]);
    expect(fetchDepth).toHaveBeenCalledWith(0);

    await act(async () => send(frame('snapshot', 20, 20, [['101', '2']])));
    await act(async () => send(frame('diff', 20, 21, [['102', '3']])));
    expect(client.getQueryData<BookView>(['futures', 'book', SYMBOL])?.bids).toEqual([
      ['102', '3'],
      ['101', '2'],
    ]);
    await waitFor(() => expect(view.container.textContent).toBe('102:3 101:2'));

    // Diffs 22–24 never arrived: the book asks for a fresh snapshot rather than drawing a wrong one.
    fetchDepth.mockClear();
    await act(async () => send(frame('diff', 24, 25, [['103', '1']])));
    expect(fetchDepth).toHaveBeenCalledWith(0);

    view.unmount();
    expect(subscriptions.every((s) => !s.active)).toBe(true);
  });
});
