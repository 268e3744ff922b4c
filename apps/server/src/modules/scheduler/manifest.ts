import { defineModule } from '../../platform/module';
import { createSchedulerRepo } from './repo';
import { schedulerRoutes } from './routes';
import { Scheduler } from './scheduler';

/**
 * The one scheduler behind every time-driven rule (docs/scheduler.md). First in the list: the app registers every
 * manifest's `jobs` with it once all modules are built, and its timer starts with the modules' background work.
 */
export const schedulerModule = defineModule({
  name: 'scheduler',
  create: (kit) => new Scheduler({ tx: kit.tx, repo: createSchedulerRepo(kit.db), clock: kit.clock, log: kit.log }),
  operatorRoutes: schedulerRoutes,
  start: (scheduler) => scheduler.start(),
  stop: (scheduler) => scheduler.stop(),
});
