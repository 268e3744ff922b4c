import type { SecurityService } from './service';

/** The security module's public face. */
export { securityModule } from './manifest';
export type { SecurityService } from './service';

declare module '../../platform/module' {
  interface Services {
    security: SecurityService;
  }
}

declare module '../../lib/events' {
  interface DomainEvents {
    'identity.verified': { uid: number; at: number };
  }
}
