import type { AccountConfig } from './manifest';
import type { AccountService } from './service';

/** The account module's public face: what other modules may import. */
export { accountModule } from './manifest';
export { DEMO_ACCOUNT } from './demo';
export { maskAccount } from './service';
export type { AccountService, ContactKind, LoginCheck, SecondFactor, SecurityState } from './service';
export type { SessionMeta, SessionService, ResolvedSession } from './sessions';
export type { UserRow } from './repo';

declare module '../../platform/module' {
  interface Services {
    account: AccountService;
  }
  interface ModuleConfig {
    account: AccountConfig;
  }
}

declare module '../../lib/events' {
  interface DomainEvents {
    'user.registered': { uid: number; inviterUid: number | null };
    'user.passwordChanged': { uid: number; at: number };
    'user.fundPasswordChanged': { uid: number; at: number };
    'session.revoked': { sessionId: number; uid: number; reason: string };
  }
}
