import type { LoginSession } from '@bourse/contract';
import { DomainError } from '../../lib/errors';
import type { Transactions } from '../../lib/tx';
import type { SessionService } from '../account';

const BROWSERS: [RegExp, string][] = [
  [/EdgA?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/MicroMessenger\//, 'WeChat'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/node|undici|curl|okhttp|python/i, 'API'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * "Chrome · Android": enough for a person to recognise their own device in the list. Names of products only, so the
 * same in every language; '' when nothing is recognised (the app shows its own "unknown device").
 */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(' · ');
}

/** The user's login sessions as the account-management page shows them, and signing them out. */
export class DeviceService {
  constructor(
    private readonly tx: Transactions,
    private readonly sessions: SessionService,
  ) {}

  list(uid: number, currentSessionId: number): LoginSession[] {
    return this.sessions.list(uid).map((s) => ({
      id: s.id,
      device: describeUserAgent(s.user_agent),
      deviceId: s.device,
      userAgent: s.user_agent,
      ip: s.ip,
      createdAt: s.created_at,
      lastUsedAt: s.last_used_at,
      current: s.id === currentSessionId,
    }));
  }

  /** Signs out one of the user's own live sessions; any other id is "not found", whoever it belongs to. */
  revoke(uid: number, sessionId: number): void {
    this.tx.run(() => {
      if (!this.sessions.list(uid).some((s) => s.id === sessionId)) throw new DomainError('NOT_FOUND');
      this.sessions.revoke(sessionId, 'signed-out-by-user');
    });
  }

  /** Signs out every session of the user except the one asking. */
  revokeOthers(uid: number, currentSessionId: number): number {
    return this.tx.run(() => this.sessions.revokeAll(uid, 'signed-out-by-user', currentSessionId));
  }
}
