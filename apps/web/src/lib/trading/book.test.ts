import type { Depth, DepthFrame, DepthLevel } from '@bourse/contract';
import { describe, expect, it, vi } from 'vitest';
import { type BookView, compareDecimal, DepthSync, LocalBook, normalizeDecimal } from './book';

const SYMBOL = 'BTC_USDT';

function snapshot(seq: number, bids: DepthLevel[], asks: DepthLevel[]): DepthFrame {
  return { type: 'snapshot', symbol: SYMBOL, seq, prevSeq: seq, bids, asks, ts: 0 };
}

function diff(prevSeq: number, seq: number, bids: DepthLevel[] = [], asks: DepthLevel[] = []): DepthFrame {
  return { type: 'diff', symbol: SYMBOL, seq, prevSeq, bids, asks, ts: 0 };
}

function rest(seq: number, bids: DepthLevel[], asks: DepthLevel[]): Depth {
  return { symbol: SYMBOL, seq, bids, asks, ts: 0 };
}

/** A sync whose snapshot fetches are answered by hand. */
function harness() {
  const views: BookView[] = [];
  const fetches: { resolve(d: Depth): void; reject(e: unknown): void }[] = [];
  const timers: (() => void)[] = [];
  const sync = new DepthSync({
    symbol: SYMBOL,
    fetchSnapshot: () => new Promise<Depth>((resolve, reject) => fetches.push({ resolve, reject })),
    publish: (view) => views.push(view),
    retryDelayMs: 1000,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => undefined,
  });
  const last = () => views.at(-1);
  return { sync, views, fetches, timers, last };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('decimal helpers', () => {
  it('normalizes and compares prices as decimals, not as text', () => {
    expect(normalizeDecimal('0100.500')).toBe('100.5');
    expect(normalizeDecimal('7.000')).toBe('7');
    expect(compareDecimal('9.5', '10')).toBeLessThan(0);
    expect(compareDecimal('100.05', '100.5')).toBeLessThan(0);
    expect(compareDecimal('3.10', '3.1')).toBe(0);
  });
});

describe('LocalBook', () => {
  it('keeps bids best (highest) first and asks best (lowest) first', () => {
    const book = new LocalBook();
    book.reset({
      seq: 1,
      bids: [
        ['9.5', '1'],
        ['10', '2'],
      ],
      asks: [
        ['11', '1'],
        ['10.5', '3'],
      ],
    });
    const view = book.view(SYMBOL, 10);
    expect(view.bids.map(([p]) => p)).toEqual(['10', '9.5']);
    expect(view.asks.map(([p]) => p)).toEqual(['10.5', '11']);
  });

  it('applies a continuing diff: a changed level, a removed level ("0"), a new level', () => {
    const book = new LocalBook();
    book.reset({ seq: 5, bids: [['10', '1']], asks: [['11', '1']] });
    expect(
      book.apply({
        prevSeq: 5,
        seq: 7,
        bids: [
          ['10', '0'],
          ['9', '4'],
        ],
        asks: [['11', '2.5']],
      }),
    ).toBe('applied');
    expect(book.view(SYMBOL, 10)).toEqual({ symbol: SYMBOL, seq: 7, bids: [['9', '4']], asks: [['11', '2.5']] });
  });

  it('ignores a diff it already has and reports one that skips changes', () => {
    const book = new LocalBook();
    book.reset({ seq: 10, bids: [], asks: [] });
    expect(book.apply({ prevSeq: 8, seq: 10, bids: [['1', '1']], asks: [] })).toBe('stale');
    expect(book.apply({ prevSeq: 12, seq: 15, bids: [], asks: [] })).toBe('gap');
    expect(book.view(SYMBOL, 10).bids).toEqual([]);
  });

  it('accepts a diff that straddles the snapshot (prevSeq ≤ seq < diff.seq): quantities are absolute', () => {
    const book = new LocalBook();
    book.reset({ seq: 45, bids: [['10', '1']], asks: [] });
    expect(book.apply({ prevSeq: 41, seq: 51, bids: [['10', '3']], asks: [] })).toBe('applied');
    expect(book.seq).toBe(51);
  });
});

describe('DepthSync (Binance local order-book recipe)', () => {
  it('starts from the channel snapshot and applies the diffs that follow it', () => {
    const { sync, last, fetches } = harness();
    sync.onFrame(snapshot(3, [['100', '1']], [['101', '1']]));
    sync.onFrame(diff(3, 4, [['100', '2']]));
    sync.onFrame(
      diff(
        4,
        6,
        [],
        [
          ['101', '0'],
          ['102', '5'],
        ],
      ),
    );
    expect(last()).toEqual({ symbol: SYMBOL, seq: 6, bids: [['100', '2']], asks: [['102', '5']] });
    expect(sync.status).toBe('live');
    expect(fetches).toHaveLength(0);
  });

  it('buffers diffs that arrive before any snapshot and applies those newer than it', () => {
    const { sync, last } = harness();
    sync.onFrame(diff(2, 3, [['99', '1']]));
    sync.onFrame(diff(3, 4, [['98', '1']]));
    expect(last()).toBeUndefined();
    sync.onFrame(snapshot(3, [['100', '1']], []));
    expect(last()?.seq).toBe(4);
    // The diff up to 3 was already in the snapshot and is dropped; the one to 4 is applied.
    expect(last()?.bids).toEqual([
      ['100', '1'],
      ['98', '1'],
    ]);
  });

  it('on a sequence gap fetches a new snapshot, drops buffered diffs up to it and applies the rest', async () => {
    const { sync, last, fetches } = harness();
    sync.onFrame(snapshot(10, [['100', '1']], [['101', '1']]));
    sync.onFrame(diff(12, 14, [['100', '9']])); // 11–12 were missed
    expect(sync.status).toBe('resyncing');
    expect(fetches).toHaveLength(1);
    sync.onFrame(diff(14, 16, [['99', '2']]));
    sync.onFrame(
      diff(
        16,
        18,
        [],
        [
          ['101', '0'],
          ['103', '1'],
        ],
      ),
    );
    expect(last()?.seq).toBe(10); // nothing applied while resyncing

    fetches[0]?.resolve(
      rest(
        15,
        [
          ['100', '9'],
          ['97', '1'],
        ],
        [['101', '1']],
      ),
    );
    await flush();
    expect(sync.status).toBe('live');
    expect(sync.resyncs).toBe(1);
    // 12→14 is older than the snapshot (dropped), 14→16 straddles it (applied), 16→18 continues (applied).
    expect(last()).toEqual({
      symbol: SYMBOL,
      seq: 18,
      bids: [
        ['100', '9'],
        ['99', '2'],
        ['97', '1'],
      ],
      asks: [['103', '1']],
    });
    sync.onFrame(diff(18, 19, [['97', '0']]));
    expect(last()?.bids).toHaveLength(2);
  });

  it('fetches again, after a pause, when the new snapshot is still older than the buffered diffs', async () => {
    const { sync, fetches, timers, last } = harness();
    sync.onFrame(snapshot(1, [], []));
    sync.onFrame(diff(5, 6, [['10', '1']]));
    fetches[0]?.resolve(rest(3, [], []));
    await flush();
    expect(sync.status).toBe('resyncing');
    expect(fetches).toHaveLength(1);
    timers.shift()?.();
    expect(fetches).toHaveLength(2);
    fetches[1]?.resolve(rest(5, [['11', '1']], []));
    await flush();
    expect(sync.status).toBe('live');
    expect(last()).toMatchObject({
      seq: 6,
      bids: [
        ['11', '1'],
        ['10', '1'],
      ],
    });
  });

  it('retries a failed snapshot fetch and ignores answers that arrive after a newer channel snapshot', async () => {
    const { sync, fetches, timers, last } = harness();
    sync.onFrame(snapshot(1, [], []));
    sync.onFrame(diff(3, 4));
    fetches[0]?.reject(new Error('offline'));
    await flush();
    timers.shift()?.();
    expect(fetches).toHaveLength(2);
    // The socket reconnected meanwhile: the channel's own snapshot wins, the late answer is ignored.
    sync.onFrame(snapshot(20, [['5', '1']], []));
    fetches[1]?.resolve(rest(4, [['1', '1']], []));
    await flush();
    expect(last()).toMatchObject({ seq: 20, bids: [['5', '1']] });
  });

  it('ignores a getDepth snapshot older than the live book and frames of another market', () => {
    const { sync, last } = harness();
    sync.onFrame(snapshot(8, [['1', '1']], []));
    expect(sync.applySnapshot(rest(7, [['2', '2']], [])).seq).toBe(8);
    sync.onFrame({ ...diff(8, 9, [['3', '3']]), symbol: 'ETH_USDT' });
    expect(last()).toMatchObject({ seq: 8, bids: [['1', '1']] });
  });

  it('restarts from a channel snapshot even when its sequence is lower (the server restarted)', () => {
    const { sync, last } = harness();
    sync.onFrame(snapshot(5000, [['1', '1']], []));
    sync.onFrame(snapshot(10, [['2', '2']], []));
    sync.onFrame(diff(10, 12, [['3', '3']]));
    expect(last()).toMatchObject({
      seq: 12,
      bids: [
        ['3', '3'],
        ['2', '2'],
      ],
    });
  });

  it('stops working once disposed', async () => {
    const publish = vi.fn();
    let resolve: (d: Depth) => void = () => undefined;
    const sync = new DepthSync({
      symbol: SYMBOL,
      fetchSnapshot: () => new Promise<Depth>((r) => (resolve = r)),
      publish,
    });
    sync.onFrame(snapshot(1, [], []));
    sync.onFrame(diff(4, 5));
    sync.dispose();
    resolve(rest(5, [], []));
    await flush();
    sync.onFrame(snapshot(9, [], []));
    expect(publish).toHaveBeenCalledTimes(1);
  });
});
