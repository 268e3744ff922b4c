import type { OptionsService, OptionsSettings } from './service';

/** The options module's public face. */
export { optionsModule } from './manifest';
export { OPTIONS_ASSET } from './service';
export type { IndexReader, OptionsService, OptionsSettings } from './service';

declare module '../../platform/module' {
  interface Services {
    options: OptionsService;
  }
  interface ModuleConfig {
    options: OptionsSettings;
  }
}
