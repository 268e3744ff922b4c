import type { BackofficeService } from './service';

/** The backoffice module's public face. */
export { backofficeModule } from './manifest';
export type { BackofficeService } from './service';

declare module '../../platform/module' {
  interface Services {
    backoffice: BackofficeService;
  }
}
