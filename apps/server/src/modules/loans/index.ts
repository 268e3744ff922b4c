import type { LoansService } from './service';

/** The loans module's public face. */
export { loansModule } from './manifest';
export type { LoansService } from './service';

declare module '../../platform/module' {
  interface Services {
    loans: LoansService;
  }
}
