import type { RewardsService } from './service';

/** The rewards module's public face. */
export { rewardsModule } from './manifest';
export type { BoxDiscount, RewardsService } from './service';
export { REWARD_POOL } from './service';

declare module '../../platform/module' {
  interface Services {
    rewards: RewardsService;
  }
}
