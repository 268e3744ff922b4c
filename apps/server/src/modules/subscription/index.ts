import type { SubscriptionService } from './service';

/** The subscription module's public face. */
export { subscriptionModule } from './manifest';
export type { SubscriptionService } from './service';

declare module '../../platform/module' {
  interface Services {
    subscription: SubscriptionService;
  }
}
