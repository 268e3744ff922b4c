import type { SchedulerJob } from '@bourse/contract';
import type { Tone } from '../../components/StatusTag';
import { formatDateTime } from '../../lib/format';

export type JobStateKey = 'jobFailing' | 'jobLagging' | 'jobRunning' | 'jobOk';

/** Behind its schedule: more than one period (and at least a minute) since the oldest slot due and not done. */
export function isLagging(job: Pick<SchedulerJob, 'lagMs' | 'everyMs'>): boolean {
  return job.lagMs > Math.max(job.everyMs, 60_000);
}

/** A job's state for an operator: retrying a failed slot, behind its schedule, running, or fine. */
export function jobState(job: SchedulerJob): { tone: Tone; key: JobStateKey } {
  if (job.failing) return { tone: 'danger', key: 'jobFailing' };
  if (isLagging(job)) return { tone: 'attention', key: 'jobLagging' };
  if (job.running) return { tone: 'progress', key: 'jobRunning' };
  return { tone: 'success', key: 'jobOk' };
}

/** Jobs that need an operator's eye: retrying or behind. */
export function troubledJobs(jobs: readonly SchedulerJob[]): { failing: number; lagging: number } {
  let failing = 0;
  let lagging = 0;
  for (const job of jobs) {
    const { key } = jobState(job);
    if (key === 'jobFailing') failing++;
    else if (key === 'jobLagging') lagging++;
  }
  return { failing, lagging };
}

/** A duration at a glance: `850 ms`, `4.2 s`, `3.5 min`, `2 h`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 6000) / 10} min`;
  if (ms < 86_400_000) return `${Math.round(ms / 360_000) / 10} h`;
  return `${Math.round(ms / 8_640_000) / 10} d`;
}

/** A moment in the scheduler's dense table: the clock alone on the day of `now`, the full date and clock otherwise. */
export function compactTime(ms: number | null, now: number): string {
  const full = formatDateTime(ms);
  if (ms === null) return full;
  return full.slice(0, 10) === formatDateTime(now).slice(0, 10) ? full.slice(11) : full;
}
