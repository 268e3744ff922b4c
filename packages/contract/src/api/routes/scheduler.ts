import { z } from 'zod';
import { operator } from '../access';
import { route } from '../define';

/** One scheduled job as operators see it (times in ms since the epoch, durations in ms). */
export const SchedulerJob = z.object({
  /** `module.job`. */
  name: z.string(),
  module: z.string(),
  description: z.string(),
  everyMs: z.number().int(),
  offsetMs: z.number().int(),
  /** `every`: each missed slot runs; `latest`: only the newest. */
  catchUp: z.enum(['every', 'latest']),
  /** Every slot up to this instant is done. */
  doneThrough: z.number().int(),
  lastRunAt: z.number().int().nullable(),
  /** How long the last successful run took. */
  lastMs: z.number().nullable(),
  nextDueAt: z.number().int(),
  /** Now minus the instant of the oldest slot due and not done; 0 when the job is up to date. */
  lagMs: z.number().int(),
  /** An asynchronous run is in progress. */
  running: z.boolean(),
  runs: z.number().int(),
  /** Slots the `latest` policy passed over (downtime, a run that took longer than the period). */
  skipped: z.number().int(),
  failures: z.number().int(),
  /** The slot being retried after a failure. */
  failing: z
    .object({ slotAt: z.number().int(), attempts: z.number().int(), retryAt: z.number().int().nullable() })
    .nullable(),
  lastError: z.object({ at: z.number().int(), message: z.string() }).nullable(),
});
export type SchedulerJob = z.infer<typeof SchedulerJob>;

export const SchedulerJobs = z.object({
  now: z.number().int(),
  /** The scheduler's timer is running (it is stopped while the server shuts down). */
  running: z.boolean(),
  jobs: z.array(SchedulerJob),
});
export type SchedulerJobs = z.infer<typeof SchedulerJobs>;

/** One run in a job's history (the newest 100 are kept per job). */
export const SchedulerRun = z.object({
  slot: z.number().int(),
  slotAt: z.number().int(),
  ranAt: z.number().int(),
  ms: z.number(),
  outcome: z.enum(['done', 'failed']),
  attempt: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
});
export type SchedulerRun = z.infer<typeof SchedulerRun>;

export const SchedulerRunsQuery = z.object({
  job: z.string().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const AdvanceClockBody = z.object({
  /** How far to move time forward, in ms (at most a year). */
  ms: z
    .number()
    .int()
    .min(1)
    .max(366 * 86_400_000),
});

export const AdvanceClockResult = z.object({
  /** The server's time after the move. */
  now: z.number().int(),
  /** Job runs that the move made due and that ran before this answer. */
  runs: z.number().int(),
});

const adminTags = ['operator: scheduler'];

/** The operator's view of the scheduler. */
export const schedulerAdminApi = {
  jobs: route({
    method: 'GET',
    path: '/admin/api/scheduler/jobs',
    access: operator('dashboard.read'),
    tags: adminTags,
    summary: 'Every scheduled job: schedule, catch-up policy, last run, lag, failures and the slot being retried',
    data: SchedulerJobs,
  }),
  runs: route({
    method: 'GET',
    path: '/admin/api/scheduler/runs',
    access: operator('dashboard.read'),
    tags: adminTags,
    summary: 'A job’s newest runs, newest first: every failure, and every run of jobs a minute or more apart',
    query: SchedulerRunsQuery,
    data: z.array(SchedulerRun),
  }),
  advanceClock: route({
    method: 'POST',
    path: '/admin/api/scheduler/clock',
    access: operator('operators.manage'),
    tags: adminTags,
    summary: 'Test servers only (TEST_CLOCK): move time forward and run every job that falls due; NOT_FOUND elsewhere',
    body: AdvanceClockBody,
    data: AdvanceClockResult,
  }),
} as const;
