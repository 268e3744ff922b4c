import type { WealthService } from './service';

/** The wealth module's public face. */
export { wealthModule } from './manifest';
export type { WealthService } from './service';

declare module '../../platform/module' {
  interface Services {
    wealth: WealthService;
  }
}
