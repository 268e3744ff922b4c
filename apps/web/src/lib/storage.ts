/** Every key the app keeps in localStorage, in one place (the e2e harness and screenshots set some of them). */
export const STORAGE_KEYS = {
  lang: 'bourse.lang',
  theme: 'bourse.theme',
  upDown: 'bourse.updown',
  hideAmounts: 'bourse.hideAmounts',
  line: 'bourse.line',
  lines: 'bourse.lines',
  token: 'bourse.token',
  uid: 'bourse.uid',
  profile: 'bourse.profile',
  newAccount: 'bourse.newAccount',
  device: 'bourse.device',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage can throw (private mode, quota, disabled storage); the app then simply forgets. */
export function readItem(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or unavailable: the setting lives for this session only.
  }
}

export function readJson<T>(key: StorageKey, guard: (value: unknown) => value is T): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}
