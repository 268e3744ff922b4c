import { defineModule } from '../../platform/module';
import { RequestLog } from './service';

/**
 * Money-moving calls by the client's request id. Listed early: the route layer answers repeats from it, and modules
 * claim requests inside their money-moving transactions.
 */
export const requestsModule = defineModule({
  name: 'requests',
  create(kit) {
    const log = new RequestLog(kit.db, kit.tx, kit.clock);
    kit.access.requests = log;
    return log;
  },
  jobs: (log) => [
    {
      name: 'prune',
      description: 'Forget request ids older than a week',
      everyMs: 3_600_000,
      catchUp: 'latest',
      run: ({ now }) => {
        log.prune(now);
      },
    },
  ],
});
