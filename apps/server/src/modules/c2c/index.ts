import type { C2CService } from './service';

/** The C2C module's public face. */
export { c2cModule } from './manifest';
export type { C2CService } from './service';

declare module '../../platform/module' {
  interface Services {
    c2c: C2CService;
  }
}
