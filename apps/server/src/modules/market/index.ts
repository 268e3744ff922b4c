import type { MarketService, MarketSettings } from './service';

/** The market module's public face. */
export { marketModule } from './manifest';
export { INDEX_SCALE } from './price-source';
export type { MarketService, MarketSettings } from './service';

declare module '../../platform/module' {
  interface Services {
    market: MarketService;
  }
  interface ModuleConfig {
    market: MarketSettings;
  }
}
