import type { SupportService } from './service';

/** The support module's public face. */
export { supportModule } from './manifest';
export type { SupportService } from './service';

declare module '../../platform/module' {
  interface Services {
    support: SupportService;
  }
}
