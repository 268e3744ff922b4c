import type { CommunityService } from './service';

/** The community module's public face. */
export { communityModule } from './manifest';
export type { CommunityService } from './service';

declare module '../../platform/module' {
  interface Services {
    community: CommunityService;
  }
}
