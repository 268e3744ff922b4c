import { readItem, STORAGE_KEYS, writeItem } from './storage';

let cached: string | null = null;

/** A stable random id for this browser, sent as `x-device-id` and as the login `device` (the server lists devices). */
export function deviceId(): string {
  if (cached) return cached;
  const stored = readItem(STORAGE_KEYS.device);
  if (stored && /^[a-z0-9-]{8,64}$/.test(stored)) return (cached = stored);
  // crypto.randomUUID needs a secure context; getRandomValues does not.
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  const id = `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  writeItem(STORAGE_KEYS.device, id);
  return (cached = id);
}
