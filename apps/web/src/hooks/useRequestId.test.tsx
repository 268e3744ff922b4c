import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_CODES } from '../lib/api';
import { useRequestId } from './useRequestId';

describe('useRequestId', () => {
  it('renews the id once the server answered, and keeps it when no answer arrived', () => {
    const { result } = renderHook(() => useRequestId());
    const first = result.current.id;
    expect(first).toMatch(/^[0-9a-f]{24}$/);

    // Offline or timed out: the retry is the same request, under the same id.
    act(() => result.current.settled(new ApiError(CLIENT_CODES.NETWORK, 'offline')));
    act(() => result.current.settled(new ApiError(CLIENT_CODES.TIMEOUT, 'timeout')));
    act(() => result.current.settled(new Error('not from the server')));
    expect(result.current.id).toBe(first);

    // Refused by the server: the next request is a new one.
    act(() => result.current.settled(new ApiError(4001, 'insufficient balance')));
    const second = result.current.id;
    expect(second).not.toBe(first);

    // Succeeded: the next one is new too.
    act(() => result.current.settled());
    expect(result.current.id).not.toBe(second);
  });

  it('sends with the id and settles it by the outcome', async () => {
    const { result } = renderHook(() => useRequestId());
    const first = result.current.id;
    const seen: string[] = [];
    await act(() =>
      expect(
        result.current.send(async (id) => {
          seen.push(id);
          throw new ApiError(CLIENT_CODES.TIMEOUT, 'timeout');
        }),
      ).rejects.toThrow('timeout'),
    );
    expect(result.current.id).toBe(first);
    await act(async () => {
      expect(await result.current.send(async (id) => (seen.push(id), 'done'))).toBe('done');
    });
    expect(seen).toEqual([first, first]);
    expect(result.current.id).not.toBe(first);
  });
});
