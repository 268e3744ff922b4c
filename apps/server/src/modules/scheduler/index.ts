import type { Scheduler } from './scheduler';

/** The scheduler module's public face. */
export { schedulerModule } from './manifest';
export { Scheduler } from './scheduler';
export type { JobRun, JobStatus } from './scheduler';

declare module '../../platform/module' {
  interface Services {
    scheduler: Scheduler;
  }
}
