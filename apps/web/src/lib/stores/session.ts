import type { LoginResult, UserProfile } from '@bourse/contract';
import { create } from 'zustand';
import { readItem, readJson, STORAGE_KEYS, writeItem } from '../storage';

export interface SessionState {
  token: string | null;
  uid: number | null;
  profile: UserProfile | null;
  /** This login is the one registration opened: the account is brand new (home greets it as such). */
  newAccount: boolean;
  signIn(result: LoginResult, options?: { newAccount?: boolean }): void;
  setProfile(profile: UserProfile): void;
  /** Forgets the stored login (logout, 401, live-channel code 400). */
  clear(): void;
}

function isProfile(value: unknown): value is UserProfile {
  return typeof value === 'object' && value !== null && typeof (value as UserProfile).uid === 'number';
}

function initial(): Pick<SessionState, 'token' | 'uid' | 'profile' | 'newAccount'> {
  const token = readItem(STORAGE_KEYS.token);
  const uid = Number(readItem(STORAGE_KEYS.uid));
  if (!token || !Number.isInteger(uid) || uid <= 0) return { token: null, uid: null, profile: null, newAccount: false };
  return {
    token,
    uid,
    profile: readJson(STORAGE_KEYS.profile, isProfile),
    newAccount: readItem(STORAGE_KEYS.newAccount) === '1',
  };
}

/** The logged-in user: token, uid and the last known profile. */
export const useSession = create<SessionState>()((set) => ({
  ...initial(),
  signIn(result, options = {}) {
    const newAccount = options.newAccount === true;
    writeItem(STORAGE_KEYS.token, result.token);
    writeItem(STORAGE_KEYS.uid, String(result.uid));
    writeItem(STORAGE_KEYS.profile, JSON.stringify(result.user));
    writeItem(STORAGE_KEYS.newAccount, newAccount ? '1' : null);
    set({ token: result.token, uid: result.uid, profile: result.user, newAccount });
  },
  setProfile(profile) {
    writeItem(STORAGE_KEYS.profile, JSON.stringify(profile));
    set({ profile });
  },
  clear() {
    writeItem(STORAGE_KEYS.token, null);
    writeItem(STORAGE_KEYS.uid, null);
    writeItem(STORAGE_KEYS.profile, null);
    writeItem(STORAGE_KEYS.newAccount, null);
    set({ token: null, uid: null, profile: null, newAccount: false });
  },
}));

export function hasStoredLogin(): boolean {
  return useSession.getState().token !== null;
}
