import type { MiningService } from './service';

/** The mining module's public face. */
export { miningModule } from './manifest';
export type { MiningService } from './service';

declare module '../../platform/module' {
  interface Services {
    mining: MiningService;
  }
}
