import type { SpotService } from './service';

/** The spot module's public face. */
export { spotModule } from './manifest';
export { DEFAULT_MARKETS } from './markets-default';
export type { SpotService } from './service';
export type { OrderOwner, TradeEvent, TradeListener } from './types';

declare module '../../platform/module' {
  interface Services {
    spot: SpotService;
  }
}
