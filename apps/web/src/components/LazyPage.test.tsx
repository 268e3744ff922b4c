import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageModule, PageProps } from '../lib/feature';
import { initTestI18n } from '../test/i18n';
import { LazyPage } from './LazyPage';

function Page({ query }: PageProps) {
  return <p>page {query.id}</p>;
}

function deferred() {
  let resolve!: (m: PageModule) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<PageModule>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('LazyPage', () => {
  beforeAll(initTestI18n);
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the loading placeholder only after 200 ms, then the page with its query', async () => {
    const d = deferred();
    render(<LazyPage load={() => d.promise} query={{ id: '7' }} />);
    expect(screen.queryByText('Loading…')).toBeNull();
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByText('Loading…')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => d.resolve({ default: Page }));
    expect(screen.getByText('page 7')).toBeTruthy();
  });

  it('shows no placeholder at all when the page arrives within 200 ms', async () => {
    const d = deferred();
    render(<LazyPage load={() => d.promise} query={{}} />);
    act(() => vi.advanceTimersByTime(100));
    await act(async () => d.resolve({ default: Page }));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByText(/page/)).toBeTruthy();
  });

  it('a failed load says so; a tap loads again', async () => {
    const attempts = [deferred(), deferred()];
    let n = 0;
    render(<LazyPage load={() => (attempts[n++] as ReturnType<typeof deferred>).promise} query={{ id: '1' }} />);
    await act(async () => attempts[0]?.reject(new Error('chunk missing')));
    const message = screen.getByText('This page failed to load. Tap the screen to try again.');
    fireEvent.click(message);
    await act(async () => attempts[1]?.resolve({ default: Page }));
    expect(screen.getByText('page 1')).toBeTruthy();
    expect(n).toBe(2);
  });

  it('after 60 s shows the timeout message of the spec', () => {
    render(<LazyPage load={() => new Promise<PageModule>(() => undefined)} query={{}} />);
    act(() => vi.advanceTimersByTime(59_999));
    expect(screen.queryByText(/timed out/)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('The connection timed out, click the screen to try again.')).toBeTruthy();
  });

  it('a page that throws while rendering gets the tap-to-reload placeholder', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    render(<LazyPage load={() => Promise.resolve({ default: Broken })} query={{}} />);
    await act(async () => undefined);
    expect(screen.getByText('This page failed to load. Tap the screen to try again.')).toBeTruthy();
  });
});
