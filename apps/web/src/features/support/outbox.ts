import { create } from 'zustand';

/** A message the user wrote that the server has not confirmed yet: being sent, or failed and waiting for a retry. */
export interface OutgoingMessage {
  key: string;
  /** Whose it is: a message written before a logout is never shown to the next account. */
  uid: number;
  body: string;
  image: File | null;
  state: 'sending' | 'failed';
  /** The server's reason when it refused (too large, not an image…); null for no answer at all. */
  error: string | null;
  createdAt: number;
}

interface OutboxState {
  items: readonly OutgoingMessage[];
  add(item: OutgoingMessage): void;
  update(key: string, change: Pick<OutgoingMessage, 'state' | 'error'>): void;
  remove(key: string): void;
}

/**
 * Messages on their way, kept outside the page: leaving the chat while one is sending does not lose it, and a failed
 * one is still there to retry when the user comes back (while the app runs).
 */
export const useOutbox = create<OutboxState>()((set) => ({
  items: [],
  add: (item) => set((s) => ({ items: [...s.items, item] })),
  update: (key, change) => set((s) => ({ items: s.items.map((i) => (i.key === key ? { ...i, ...change } : i)) })),
  remove: (key) => set((s) => ({ items: s.items.filter((i) => i.key !== key) })),
}));

let sequence = 0;

/** A key for a message being written (React's list key and the outbox's handle). */
export function outgoingKey(now: number): string {
  sequence += 1;
  return `out-${now}-${sequence}`;
}
