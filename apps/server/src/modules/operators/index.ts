import type { OperatorsConfig } from './manifest';
import type { OperatorService } from './service';

/** The operators module's public face. */
export { operatorsModule } from './manifest';
export type { OperatorService } from './service';

declare module '../../platform/module' {
  interface Services {
    operators: OperatorService;
  }
  interface ModuleConfig {
    operators: OperatorsConfig;
  }
}
