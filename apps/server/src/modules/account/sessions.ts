import type { Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/crypto';
import type { EventBus } from '../../lib/events';
import type { AccountRepo, SessionRow } from './repo';

export interface ResolvedSession {
  uid: number;
  sessionId: number;
  expiresAt: number;
}

export interface SessionMeta {
  device: string | null;
  userAgent: string | null;
  ip: string | null;
}

// A resolved token is trusted from memory for this long; revocations in this process clear it at once.
const CACHE_MS = 60_000;
// last_used_at is written at most this often per session, so reads do not turn into writes.
const TOUCH_MS = 60_000;

/**
 * Login sessions: opaque random tokens stored only as SHA-256, with expiry, revoked at logout, at password change
 * and when the operator disables the account.
 */
export class SessionService {
  private readonly cache = new Map<string, { session: ResolvedSession; checkedAt: number; touchedAt: number }>();
  private readonly keyById = new Map<number, string>();

  constructor(
    private readonly repo: AccountRepo,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly ttlMs: number,
  ) {}

  create(uid: number, meta: SessionMeta): { token: string; sessionId: number; expiresAt: number } {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = now + this.ttlMs;
    const sessionId = this.repo.insertSession({
      uid,
      tokenHash: sha256(token),
      device: meta.device,
      userAgent: meta.userAgent?.slice(0, 256) ?? null,
      ip: meta.ip,
      now,
      expiresAt,
    });
    return { token, sessionId, expiresAt };
  }

  /** The live session behind a token, or null when it is unknown, expired, revoked or its user is disabled. */
  resolve(token: string): ResolvedSession | null {
    if (token.length < 20 || token.length > 128) return null;
    const now = this.clock.now();
    const key = token;
    const hit = this.cache.get(key);
    if (hit && now - hit.checkedAt < CACHE_MS && hit.session.expiresAt > now) {
      if (now - hit.touchedAt >= TOUCH_MS) {
        hit.touchedAt = now;
        this.repo.touchSession(hit.session.sessionId, now);
      }
      return hit.session;
    }
    const row = this.repo.sessionByHash(sha256(token));
    if (!row || row.revoked_at !== null || row.expires_at <= now || row.status !== 'active') {
      if (hit) this.forget(hit.session.sessionId);
      return null;
    }
    const session = { uid: row.uid, sessionId: row.id, expiresAt: row.expires_at };
    this.cache.set(key, { session, checkedAt: now, touchedAt: now });
    this.keyById.set(row.id, key);
    this.repo.touchSession(row.id, now);
    return session;
  }

  list(uid: number): SessionRow[] {
    return this.repo.activeSessions(uid, this.clock.now());
  }

  revoke(sessionId: number, reason: string): boolean {
    const row = this.repo.sessionById(sessionId);
    if (!row) return false;
    const changed = this.repo.revokeSession(sessionId, this.clock.now(), reason);
    this.forget(sessionId);
    if (changed) this.events.emit('session.revoked', { sessionId, uid: row.uid, reason });
    return changed;
  }

  /** Revokes every live session of a user, except one (the caller's own, when it should survive). */
  revokeAll(uid: number, reason: string, exceptSessionId?: number): number {
    let n = 0;
    for (const s of this.list(uid)) {
      if (s.id !== exceptSessionId && this.revoke(s.id, reason)) n++;
    }
    return n;
  }

  private forget(sessionId: number): void {
    const key = this.keyById.get(sessionId);
    if (key !== undefined) this.cache.delete(key);
    this.keyById.delete(sessionId);
  }
}
