import type { OperatorProfile } from '@bourse/contract';
import { create } from 'zustand';
import { perTab, readStored, writeStored } from '../storage';

export const SESSION_KEY = 'bourse.console.session';

/** Why the last session ended: the sign-in page says so. */
export type SessionEnd = 'expired' | 'signedOut';

export interface StoredSession {
  token: string;
  expiresAt: number;
  operator: OperatorProfile;
}

interface SessionState {
  session: StoredSession | null;
  ended: SessionEnd | null;
  start(session: StoredSession): void;
  end(reason: SessionEnd): void;
}

function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<StoredSession>;
  return typeof v.token === 'string' && typeof v.expiresAt === 'number' && typeof v.operator === 'object';
}

function restore(now: number): StoredSession | null {
  const text = readStored(perTab(), SESSION_KEY);
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isStoredSession(value) && value.expiresAt > now ? value : null;
  } catch {
    return null;
  }
}

/**
 * The operator's session. The token lives in this tab only (sessionStorage): a reload keeps the operator signed in, a
 * closed tab or another tab does not share it. It is dropped at its expiry, on sign-out and on any 401.
 */
export const useSession = create<SessionState>((set) => ({
  session: restore(Date.now()),
  ended: null,
  start(session) {
    writeStored(perTab(), SESSION_KEY, JSON.stringify(session));
    set({ session, ended: null });
  },
  end(reason) {
    writeStored(perTab(), SESSION_KEY, null);
    set((state) => (state.session ? { session: null, ended: reason } : state));
  },
}));
