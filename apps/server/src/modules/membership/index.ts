import type { MembershipService } from './service';

/** The membership module's public face. */
export { membershipModule } from './manifest';
export type { MembershipService } from './service';

declare module '../../platform/module' {
  interface Services {
    membership: MembershipService;
  }
}
