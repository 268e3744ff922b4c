import type { FeeService } from './service';

/** The fees module's public face. */
export { feesModule } from './manifest';
export { FeeService, PPM, type FeeCharge, type FeeDiscount, type FeeListener } from './service';

declare module '../../platform/module' {
  interface Services {
    fees: FeeService;
  }
}
