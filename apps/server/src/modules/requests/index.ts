import type { RequestLog } from './service';

/** The requests module's public face. */
export { requestsModule } from './manifest';
export type { RequestLog } from './service';

declare module '../../platform/module' {
  interface Services {
    requests: RequestLog;
  }
}
