/**
 * Reading and writing the console's few stored values. Storage may be missing or full (private windows, policies):
 * the console then simply forgets, it never fails.
 */
export function readStored(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(storage: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Nothing to do: the value lives in memory for this visit.
  }
}

export const local = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
export const perTab = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
