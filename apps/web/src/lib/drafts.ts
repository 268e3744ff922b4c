import { useCallback, useState } from 'react';

/**
 * What a user has typed into a form, kept while the app runs (never stored on disk), so a page left for a moment —
 * to set the fund password, to look up an address — finds its form as it was on return.
 */
const drafts = new Map<string, unknown>();

/** Like `useState`, but the value outlives the page: `useDraft('withdraw:USDT:TRC20:address', '')`. */
export function useDraft<T>(key: string, initial: T): [T, (value: T) => void] {
  const [state, setState] = useState<{ key: string; value: T }>(() => ({
    key,
    value: drafts.has(key) ? (drafts.get(key) as T) : initial,
  }));
  // Another draft (the coin or network changed): show what was typed for that one.
  let value = state.value;
  if (state.key !== key) {
    value = drafts.has(key) ? (drafts.get(key) as T) : initial;
    setState({ key, value });
  }
  const set = useCallback(
    (next: T) => {
      drafts.set(key, next);
      setState({ key, value: next });
    },
    [key],
  );
  return [value, set];
}

/** Forgets the drafts whose keys start with `prefix` (after the form was sent). */
export function clearDrafts(prefix: string): void {
  for (const key of [...drafts.keys()]) if (key.startsWith(prefix)) drafts.delete(key);
}
