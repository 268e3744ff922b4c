import { schedulerAdminApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import { OffsetClock } from '../../lib/clock';
import { DomainError } from '../../lib/errors';
import type { Platform } from '../../platform/module';
import type { Scheduler } from './scheduler';

/** The operator's view: every job's last run, lag and failures, and a job's recent runs. */
export function schedulerRoutes(app: Router, scheduler: Scheduler, platform: Platform): void {
  serve(app, schedulerAdminApi.jobs, () => {
    const now = platform.clock.now();
    return { now, running: scheduler.started, jobs: scheduler.status(now) };
  });
  serve(app, schedulerAdminApi.runs, ({ query }) => {
    const runs = scheduler.history(query.job, query.limit);
    if (!runs) throw new DomainError('NOT_FOUND');
    return runs;
  });
  // A server started with TEST_CLOCK only (browser journeys): elsewhere the route answers NOT_FOUND.
  serveAction(app, schedulerAdminApi.advanceClock, {
    apply: ({ body }) => {
      const clock = platform.clock;
      if (!platform.config.testClock || !(clock instanceof OffsetClock)) throw new DomainError('NOT_FOUND');
      clock.advance(body.ms);
      return { now: clock.now(), runs: 0 };
    },
    after: async () => {
      const runs = await scheduler.runDue(platform.clock.now());
      return { now: platform.clock.now(), runs };
    },
  });
}
