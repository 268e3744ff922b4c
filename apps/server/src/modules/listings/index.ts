import type { ListingsService } from './service';

/** The listings module's public face. */
export { listingsModule } from './manifest';
export type { ListingsService } from './service';

declare module '../../platform/module' {
  interface Services {
    listings: ListingsService;
  }
}
