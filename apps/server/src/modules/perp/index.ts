import type { PerpService, PerpSettings } from './service';

/** The perpetual contracts module's public face. */
export { perpModule } from './manifest';
export type {
  IndexReader,
  PerpService,
  PerpServiceOrder,
  PerpSettings,
  PerpSettingsChange,
  PerpUserFill,
} from './service';

declare module '../../platform/module' {
  interface Services {
    perp: PerpService;
  }
  interface ModuleConfig {
    perp: PerpSettings;
  }
}
